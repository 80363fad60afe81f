import type { IncomingMessage } from 'node:http';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { AssistantError, type AssistantFinish, type TokenUsage } from './assistant';
import { UPSTREAM_MESSAGES } from './upstream-errors';

interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  /** With `stream_options.include_usage`, the last chunk (its `choices` empty) says what the reply cost. */
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: unknown;
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/**
 * Reads an OpenAI-compatible streaming completion (`data: {chunk}` events, then `data: [DONE]`), handing each piece
 * of text to `onToken` as its bytes arrive. The SSE framing is eventsource-parser's (measured at about a quarter of
 * the official SDK's CPU per token: docs/decisions/014-assistant-path.md). A stream that ends without a finish
 * reason or `[DONE]` was cut off, and a chunk that is not JSON is broken: both are failures, never a complete reply.
 */
export function readCompletionStream(
  body: IncomingMessage,
  onToken: (token: string) => void,
  onUsage?: (usage: TokenUsage) => void,
): Promise<AssistantFinish> {
  return new Promise((resolve, reject) => {
    let finish: AssistantFinish | undefined;
    let done = false;
    const fail = (error: Error) => {
      body.destroy();
      reject(error);
    };
    const parser = createParser({
      onEvent(event: EventSourceMessage) {
        if (done || body.destroyed) return;
        if (event.data === '[DONE]') {
          done = true;
          return;
        }
        let chunk: CompletionChunk;
        try {
          chunk = JSON.parse(event.data) as CompletionChunk;
        } catch {
          return fail(new AssistantError(UPSTREAM_MESSAGES.broken));
        }
        if (chunk.error !== undefined) return fail(new AssistantError(UPSTREAM_MESSAGES.broken));
        if (chunk.usage && onUsage) {
          const promptTokens = count(chunk.usage.prompt_tokens);
          const completionTokens = count(chunk.usage.completion_tokens);
          if (promptTokens !== null && completionTokens !== null) onUsage({ promptTokens, completionTokens });
        }
        const choice = chunk.choices?.[0];
        if (!choice) return;
        const token = choice.delta?.content;
        if (token) onToken(token);
        if (choice.finish_reason) finish = choice.finish_reason === 'length' ? 'length' : 'stop';
      },
    });
    body.setEncoding('utf8');
    body.on('data', (text: string) => parser.feed(text));
    body.once('error', reject);
    body.once('end', () => {
      if (finish === undefined && !done) reject(new AssistantError(UPSTREAM_MESSAGES.cutOff));
      else resolve(finish ?? 'stop');
    });
    // Closed before its end (the connection dropped, or our abort): the caller tells the two apart by its signal.
    body.once('close', () => {
      if (!body.readableEnded) reject(new AssistantError(UPSTREAM_MESSAGES.cutOff));
    });
  });
}
