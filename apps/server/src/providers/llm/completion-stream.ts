import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { AssistantError, type AssistantFinish } from './assistant';
import { UPSTREAM_MESSAGES } from './upstream-errors';

interface CompletionChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: unknown;
}

/**
 * Reads an OpenAI-compatible streaming completion (`data: {chunk}` events, then `data: [DONE]`), handing each piece
 * of text to `onToken`. The SSE framing is eventsource-parser's (measured at about a quarter of the official SDK's
 * CPU per token: docs/decisions/012-assistant-path.md). A stream that ends without a finish reason or `[DONE]` was
 * cut off, and a chunk that is not JSON is broken: both are failures, never a complete reply.
 */
export async function readCompletionStream(
  body: ReadableStream<Uint8Array>,
  onToken: (token: string) => void,
): Promise<AssistantFinish> {
  let finish: AssistantFinish | undefined;
  let done = false;
  let failure: AssistantError | undefined;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (done || failure) return;
      if (event.data === '[DONE]') {
        done = true;
        return;
      }
      let chunk: CompletionChunk;
      try {
        chunk = JSON.parse(event.data) as CompletionChunk;
      } catch {
        failure = new AssistantError(UPSTREAM_MESSAGES.broken);
        return;
      }
      if (chunk.error !== undefined) {
        failure = new AssistantError(UPSTREAM_MESSAGES.broken);
        return;
      }
      const choice = chunk.choices?.[0];
      if (!choice) return;
      const token = choice.delta?.content;
      if (token) onToken(token);
      if (choice.finish_reason) finish = choice.finish_reason === 'length' ? 'length' : 'stop';
    },
  });
  const decoder = new TextDecoder();
  for await (const bytes of body) {
    parser.feed(decoder.decode(bytes, { stream: true }));
    if (failure || done) break;
  }
  if (failure) throw failure;
  if (finish === undefined && !done) throw new AssistantError(UPSTREAM_MESSAGES.cutOff);
  return finish ?? 'stop';
}
