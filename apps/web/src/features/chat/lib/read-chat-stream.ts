import { CHAT_STREAM_DONE, type ChatStreamChunk } from '@turtle/shared/chat-stream';

const FINISH_REASONS = new Set<unknown>([null, 'stop', 'length', 'error']);

/** The chunk a `data:` payload carries, or undefined (with a warning) when it is not one (SPEC 8: warning only). */
function parseChunk(data: string): ChatStreamChunk | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    console.warn('Skipped a stream line that is not valid JSON:', data);
    return undefined;
  }
  const chunk = value as Partial<ChatStreamChunk> | null;
  const finish = chunk?.finish_reason ?? null;
  if (typeof chunk !== 'object' || typeof chunk?.token !== 'string' || !FINISH_REASONS.has(finish)) {
    console.warn('Skipped a stream line that is not a chat chunk:', data);
    return undefined;
  }
  return { ...chunk, token: chunk.token, finish_reason: finish } as ChatStreamChunk;
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
 * Reads SPEC 7's stream: `data: {json}` lines, events separated by a blank line, `: comment` lines (keep-alives)
 * ignored, and the end at `data: [DONE]`. A `data:` payload that is not a chunk is skipped with a warning.
 * Stopping the iteration early (or the request's abort) cancels the body.
 */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamChunk> {
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
        const chunk = parseChunk(event);
        if (chunk) yield chunk;
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
