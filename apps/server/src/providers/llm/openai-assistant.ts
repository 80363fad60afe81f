import type { Assistant, AssistantFinish, AssistantRequest } from './assistant';
import { AssistantError } from './assistant';
import { readCompletionStream } from './completion-stream';
import { UPSTREAM_MESSAGES, upstreamRefusal } from './upstream-errors';
import { postForStream } from './upstream-request';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, a llama.cpp server): `POST {base}/chat/completions` with
 * `stream: true`. The request's signal aborts the call, so Stop or a closed page ends the upstream call at once.
 * Our caller owns the timeouts and never retries a half-sent reply.
 */
export function createOpenAiAssistant(options: { baseUrl: string | undefined; apiKey: string | undefined }): Assistant {
  const url = new URL(`${(options.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, '')}/chat/completions`);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  // Local servers need no key.
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  return {
    kind: 'openai',
    async stream(request: AssistantRequest, onToken: (token: string) => void): Promise<AssistantFinish> {
      // include_usage: the last chunk carries the reply's token counts (decision 037 "Usage and cost").
      const body = JSON.stringify({
        model: request.model,
        messages: request.messages,
        stream: true,
        stream_options: { include_usage: true },
      });
      try {
        const response = await postForStream(url, headers, body, request.signal);
        const status = response.statusCode ?? 0;
        if (status < 200 || status > 299) throw await upstreamRefusal(response, request.model);
        if (!/^text\/event-stream/i.test(response.headers['content-type'] ?? '')) {
          response.destroy();
          throw new AssistantError(UPSTREAM_MESSAGES.notAStream);
        }
        return await readCompletionStream(response, onToken, request.onUsage);
      } catch (error) {
        request.signal.throwIfAborted();
        if (error instanceof AssistantError) throw error;
        throw new AssistantError(UPSTREAM_MESSAGES.unreachable, { cause: error });
      }
    },
  };
}
