import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatStreamEvent } from '@turtle/shared/chat-stream-events';
import { readChatStream } from './read-chat-stream';

const encoder = new TextEncoder();

/** A body that hands out exactly these byte pieces, one per read; records whether it was cancelled. */
function bodyOf(pieces: Uint8Array[]) {
  const state = { cancelled: false, reads: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const piece = pieces[state.reads++];
        if (piece) controller.enqueue(piece);
        else controller.close();
      },
      cancel() {
        state.cancelled = true;
      },
    },
    // Pulled only when read, so `reads` counts the reads made.
    { highWaterMark: 0 },
  );
  return { stream, state };
}

/** `text` cut at these byte offsets. */
function cut(text: string, offsets: number[]): Uint8Array[] {
  const bytes = encoder.encode(text);
  const points = [...new Set(offsets.filter((at) => at > 0 && at < bytes.length))].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => bytes.slice(start, points[i] ?? bytes.length));
}

async function readAll(pieces: Uint8Array[]): Promise<ChatStreamEvent[]> {
  const chunks: ChatStreamEvent[] = [];
  for await (const chunk of readChatStream(bodyOf(pieces).stream)) chunks.push(chunk);
  return chunks;
}

const tokenLine = (token: string, finish: null | 'stop' | 'length' | 'stopped' = null) =>
  `data: ${JSON.stringify({ token, finish_reason: finish })}\n\n`;

/** What the server writes for "Héllo, wörld 🐢" (2-, 4-byte characters included), a keep-alive in the middle. */
const SAMPLE =
  tokenLine('Héllo,') +
  ': keep-alive\n\n' +
  tokenLine(' wörld') +
  tokenLine(' 🐢') +
  tokenLine('', 'stop') +
  'data: [DONE]\n\n';
const SAMPLE_CHUNKS: ChatStreamEvent[] = [
  { type: 'token', token: 'Héllo,' },
  { type: 'token', token: ' wörld' },
  { type: 'token', token: ' 🐢' },
  { type: 'finish', reason: 'stop' },
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('readChatStream', () => {
  it('reads every chunk of a whole stream in one read, ignoring keep-alive comments', async () => {
    expect(await readAll([encoder.encode(SAMPLE)])).toEqual(SAMPLE_CHUNKS);
  });

  it('gives the same chunks wherever the network cuts the bytes: mid-line, mid-character, mid-"[DONE]"', async () => {
    const length = encoder.encode(SAMPLE).length;
    for (let at = 1; at < length; at++) {
      expect(await readAll(cut(SAMPLE, [at])), `cut at byte ${at}`).toEqual(SAMPLE_CHUNKS);
    }
    // One byte per read: every multi-byte character arrives in pieces.
    expect(
      await readAll(
        cut(
          SAMPLE,
          Array.from({ length }, (_, i) => i),
        ),
      ),
    ).toEqual(SAMPLE_CHUNKS);
  });

  it('gives the same chunks for any way of cutting the stream (property)', async () => {
    const length = encoder.encode(SAMPLE).length;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: length - 1 }), { maxLength: 40 }), async (offsets) => {
        expect(await readAll(cut(SAMPLE, offsets))).toEqual(SAMPLE_CHUNKS);
      }),
      { numRuns: 200 },
    );
  });

  it('reads CRLF and CR line endings, "data:" without a space, and an error chunk with its message', async () => {
    const text =
      'data:{"token":"a","finish_reason":null}\r\n\r\n' +
      'data: {"token":"b","finish_reason":null}\r\r' +
      'data: {"token":"","finish_reason":"error","error":"The assistant failed."}\r\n\r\n' +
      'data: [DONE]\r\n\r\n';
    const expected = [
      { type: 'token', token: 'a' },
      { type: 'token', token: 'b' },
      { type: 'error', message: 'The assistant failed.' },
    ];
    expect(await readAll([encoder.encode(text)])).toEqual(expected);
    // A CRLF split between two reads is one line ending, not two.
    const crlfAt = encoder.encode(text).indexOf(13) + 1;
    expect(await readAll(cut(text, [crlfAt]))).toEqual(expected);
  });

  it('skips lines that are not valid JSON, or not chunks, with a warning, and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const text =
      tokenLine('one') +
      'data: {"token": "broken\n\n' +
      'data: not json at all\n\n' +
      'data: {"token": 5, "finish_reason": null}\n\n' +
      'data: {"token": "x", "finish_reason": "maybe"}\n\n' +
      'data: null\n\n' +
      tokenLine('two') +
      'data: [DONE]\n\n';
    expect(await readAll([encoder.encode(text)])).toEqual([
      { type: 'token', token: 'one' },
      { type: 'token', token: 'two' },
    ]);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(String(warn.mock.calls[0]![0])).toContain('not a chat event');
  });

  it('keeps the meta of a first event, and reads a missing finish_reason as a token', async () => {
    const meta = {
      conversation: { id: 'c1', title: 'Hi', createdAt: 1, updatedAt: 2 },
      assistantMessageId: 'm2',
      sources: [],
    };
    const text = `data: ${JSON.stringify({ token: '', finish_reason: null, meta })}\n\ndata: {"token":"hi"}\n\ndata: [DONE]\n\n`;
    expect(await readAll([encoder.encode(text)])).toEqual([
      { type: 'meta', meta },
      { type: 'token', token: 'hi' },
    ]);
  });

  it('reads "stopped" (Stop here or in another tab) and "length" as finishes', async () => {
    const text = tokenLine('a', 'length') + tokenLine('', 'stopped') + 'data: [DONE]\n\n';
    expect(await readAll([encoder.encode(text)])).toEqual([
      { type: 'token', token: 'a' },
      { type: 'finish', reason: 'length' },
      { type: 'finish', reason: 'stopped' },
    ]);
  });

  it('skips a meta event whose meta is not one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const text =
      'data: {"token":"","finish_reason":null,"meta":{"conversation":5}}\n\n' + tokenLine('ok') + 'data: [DONE]\n\n';
    expect(await readAll([encoder.encode(text)])).toEqual([{ type: 'token', token: 'ok' }]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('ignores other SSE fields and joins the data lines of one event', async () => {
    const text =
      'event: message\nid: 1\nretry: 10\ndata: {"token":\ndata: "joined", "finish_reason": null}\n\ndata: [DONE]\n\n';
    expect(await readAll([encoder.encode(text)])).toEqual([{ type: 'token', token: 'joined' }]);
  });

  it('stops at [DONE]: nothing after it is read, and the body is let go', async () => {
    const { stream, state } = bodyOf([
      encoder.encode(tokenLine('before') + 'data: [DONE]\n\n'),
      encoder.encode(tokenLine('after')),
    ]);
    const chunks: ChatStreamEvent[] = [];
    for await (const chunk of readChatStream(stream)) chunks.push(chunk);
    expect(chunks).toEqual([{ type: 'token', token: 'before' }]);
    expect(state.reads).toBe(1);
    expect(state.cancelled).toBe(true);
  });

  it('ends quietly when the body ends without [DONE], reading a last event cut short', async () => {
    expect(await readAll([encoder.encode(tokenLine('a') + 'data: {"token":"b","finish_reason":"stop"}')])).toEqual([
      { type: 'token', token: 'a' },
      { type: 'token', token: 'b' },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(await readAll([])).toEqual([]);
  });

  it('cancels the body when the reader stops early (Stop)', async () => {
    const { stream, state } = bodyOf([encoder.encode(tokenLine('a')), encoder.encode(tokenLine('b'))]);
    for await (const chunk of readChatStream(stream)) {
      expect(chunk).toEqual({ type: 'token', token: 'a' });
      break;
    }
    expect(state.cancelled).toBe(true);
  });

  it('passes on a failed read (a dropped connection or an abort)', async () => {
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new DOMException('The operation was aborted.', 'AbortError'));
        else controller.enqueue(encoder.encode(tokenLine('a')));
        sent = true;
      },
    });
    const chunks: ChatStreamEvent[] = [];
    await expect(
      (async () => {
        for await (const chunk of readChatStream(stream)) chunks.push(chunk);
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(chunks).toEqual([{ type: 'token', token: 'a' }]);
  });
});
