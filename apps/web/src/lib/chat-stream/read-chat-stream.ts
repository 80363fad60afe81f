import type { ChatStreamEvent } from '@turtle/shared/chat-stream-events';

/**
 * The decoder checks each event with its zod schema: zod (about 25 KB) is loaded with the first stream, or ahead once a
 * screen that streams has settled (`preloadChatStreamDecoder`), so no screen's first render evaluates it (decision 030).
 */
const loadDecoder = () => import('@turtle/shared/chat-stream-events');
export const preloadChatStreamDecoder = () => void loadDecoder().catch(() => {});

type Decode = (data: string) => ChatStreamEvent[] | undefined;

/** The events a `data:` payload carries, or none (with a warning) when it is not ours (product.md §8: warning only). */
function parseEvents(decode: Decode, data: string): ChatStreamEvent[] {
  const events = decode(data);
  if (events) return events;
  console.warn('Skipped a stream line that is not a chat event:', data);
  return [];
}

/**
 * Splits server-sent event text into lines however the network cut it: a line (or a multi-byte character) may
 * arrive in pieces. Lines end with LF, CRLF or CR (the SSE rules); a CR at the end of a read waits for the next.
 */
class LineSplitter {
  private buffer = '';

  push(text: string): string[] {
    this.buffer += text;
    const lines: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      // A CR at the very end may be the first half of a CRLF: decide once more text arrives.
      if (char === '\r' && i === this.buffer.length - 1) break;
      lines.push(this.buffer.slice(start, i));
      if (char === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return lines;
  }

  /** The unterminated rest, at the end of the stream. */
  flush(): string[] {
    const rest = this.buffer.replace(/\r$/, '');
    this.buffer = '';
    return rest ? [rest] : [];
  }
}

/**
 * Reads product.md §7's stream as the shared, typed events (validated with their schema): `data: {json}` lines, events
 * separated by a blank line, `: comment` lines (keep-alives) ignored, and the end at `data: [DONE]`. A `data:`
 * payload that is not one of ours is skipped with a warning.
 * Stopping the iteration early (or the request's abort) cancels the body.
 */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamEvent> {
  let decoding: Awaited<ReturnType<typeof loadDecoder>>;
  try {
    decoding = await loadDecoder();
  } catch (error) {
    await body.cancel().catch(() => undefined);
    throw error;
  }
  const { CHAT_STREAM_DONE, decodeChatStreamEvent } = decoding;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const lines = new LineSplitter();
  let data: string[] = [];
  let bodyDone = false;

  /** The event the buffered `data:` lines make (several lines join with a newline, as SSE says). */
  function takeEvent(): string | undefined {
    if (data.length === 0) return undefined;
    const event = data.join('\n');
    data = [];
    return event;
  }

  /** Handles one line; answers an event's payload when the line completes one. */
  function onLine(line: string): string | undefined {
    if (line === '') return takeEvent();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return undefined;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
    return undefined;
  }

  try {
    while (true) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      const events: string[] = [];
      for (const line of [...lines.push(text), ...(done ? lines.flush() : [])]) {
        const event = onLine(line);
        if (event !== undefined) events.push(event);
      }
      // The server always ends an event with a blank line; a last one cut short is still read.
      if (done) {
        const rest = takeEvent();
        if (rest !== undefined) events.push(rest);
      }
      for (const event of events) {
        if (event === CHAT_STREAM_DONE) return;
        yield* parseEvents(decodeChatStreamEvent, event);
      }
      if (done) {
        bodyDone = true;
        return;
      }
    }
  } finally {
    // Left early (Stop, an error, or [DONE] before the body ended): let the connection go.
    if (!bodyDone) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
