import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AssistantError } from './assistant';
import { readCompletionStream } from './completion-stream';

const encoder = new TextEncoder();
const chunk = (content: string | undefined, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }] })}\n\n`;

/** A response body that hands out these byte pieces, one per read. */
function body(...pieces: string[]) {
  return Readable.from(pieces.map((piece) => Buffer.from(encoder.encode(piece)))) as unknown as IncomingMessage;
}

async function read(...pieces: string[]) {
  const tokens: string[] = [];
  const finish = await readCompletionStream(body(...pieces), (token) => tokens.push(token));
  return { tokens, finish };
}

describe('readCompletionStream', () => {
  it('hands on each piece of text and the finish reason, however the bytes are cut', async () => {
    const text = chunk('Hel') + chunk('lo 🐢') + chunk(undefined, 'length') + 'data: [DONE]\n\n';
    const bytes = encoder.encode(text);
    for (const at of [1, 17, 40, bytes.length - 3]) {
      const decoder = new TextDecoder();
      const pieces = [decoder.decode(bytes.slice(0, at), { stream: true }), decoder.decode(bytes.slice(at))];
      expect(await read(...pieces)).toEqual({ tokens: ['Hel', 'lo 🐢'], finish: 'length' });
    }
  });

  it('accepts an end marked by a finish reason alone, or by [DONE] alone', async () => {
    expect(await read(chunk('a'), chunk(undefined, 'stop'))).toEqual({ tokens: ['a'], finish: 'stop' });
    expect(await read(chunk('a'), 'data: [DONE]\n\n')).toEqual({ tokens: ['a'], finish: 'stop' });
  });

  it('fails a stream that ends with neither: the answer was cut off', async () => {
    await expect(read(chunk('a'), chunk('b'))).rejects.toThrow(AssistantError);
    await expect(read(chunk('a'))).rejects.toThrow('cut off');
    await expect(read()).rejects.toThrow('cut off');
  });

  it('fails on a chunk that is not JSON, or an error object mid-stream', async () => {
    await expect(read(chunk('a'), 'data: {nope\n\n', chunk(undefined, 'stop'))).rejects.toThrow('broken answer');
    await expect(read(chunk('a'), 'data: {"error":{"message":"boom"}}\n\n')).rejects.toThrow('broken answer');
  });

  it('fails a body that closes before its end (a dropped connection)', async () => {
    const cut = new Readable({ read() {} });
    cut.push(Buffer.from(chunk('a')));
    setTimeout(() => cut.destroy(), 5);
    await expect(readCompletionStream(cut as unknown as IncomingMessage, () => undefined)).rejects.toThrow('cut off');
  });

  it('hands on the usage of the last chunk (include_usage), and ignores counts that are not whole numbers', async () => {
    const usage = (value: unknown) => `data: ${JSON.stringify({ choices: [], usage: value })}\n\n`;
    const seen: unknown[] = [];
    const finish = await readCompletionStream(
      body(
        chunk('a'),
        chunk(undefined, 'stop'),
        usage({ prompt_tokens: 12, completion_tokens: 3 }),
        'data: [DONE]\n\n',
      ),
      () => {},
      (counts) => seen.push(counts),
    );
    expect(finish).toBe('stop');
    expect(seen).toEqual([{ promptTokens: 12, completionTokens: 3 }]);
    for (const wrong of [
      null,
      { prompt_tokens: -1, completion_tokens: 3 },
      { prompt_tokens: '12', completion_tokens: 3 },
    ]) {
      const none: unknown[] = [];
      await readCompletionStream(
        body(chunk('a'), usage(wrong), 'data: [DONE]\n\n'),
        () => {},
        (counts) => none.push(counts),
      );
      expect(none).toEqual([]);
    }
  });

  it('skips comments and empty choices', async () => {
    expect(await read(': ping\n\n', 'data: {"choices":[]}\n\n', chunk('x', 'stop'))).toEqual({
      tokens: ['x'],
      finish: 'stop',
    });
  });
});
