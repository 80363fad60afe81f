import OpenAI from 'openai';
import type { Assistant, AssistantPiece, AssistantRequest } from './assistant';
import { AssistantError } from './assistant';

/**
 * Any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, a llama.cpp server) through the official SDK. The request's
 * signal goes straight to the SDK, so Stop or a closed connection ends the upstream call at once.
 */
export function createOpenAiAssistant(options: { baseUrl: string | undefined; apiKey: string | undefined }): Assistant {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local servers need no key, but the SDK insists on one.
    apiKey: options.apiKey ?? 'no-key',
    // Our route owns the timeouts (first token, then between tokens) and never retries a half-sent reply.
    maxRetries: 0,
    timeout: 10 * 60_000,
  });
  return {
    kind: 'openai',
    async *stream(request: AssistantRequest): AsyncIterable<AssistantPiece> {
      let stream;
      try {
        stream = await client.chat.completions.create(
          { model: request.model, messages: request.messages, stream: true },
          { signal: request.signal },
        );
      } catch (error) {
        throw toAssistantError(error);
      }
      try {
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          if (!choice) continue;
          const finish = choice.finish_reason;
          yield {
            token: choice.delta?.content ?? '',
            finishReason: finish === 'length' ? 'length' : finish ? 'stop' : null,
          };
        }
      } catch (error) {
        throw toAssistantError(error);
      }
    },
  };
}

function toAssistantError(error: unknown): Error {
  if (error instanceof OpenAI.APIUserAbortError) return error;
  if (error instanceof OpenAI.APIError && error.status) {
    return new AssistantError(`The assistant's service answered with an error (${error.status}). Please try again.`, {
      cause: error,
    });
  }
  return new AssistantError('The assistant cannot be reached right now. Please try again.', { cause: error });
}
