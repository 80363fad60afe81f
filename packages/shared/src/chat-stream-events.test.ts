import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeChatStreamEvent, encodeChatStreamEvent, type ChatStreamEvent } from './chat-stream-events';

const meta = {
  conversation: { id: 'c1', title: 'Hi', createdAt: 1, updatedAt: 2 },
  assistantMessageId: 'm1',
  sources: [{ id: 'n1', name: 'Budget' }],
};

describe('chat stream events', () => {
  it('frames each event in product.md §7 shape', () => {
    expect(encodeChatStreamEvent({ type: 'token', token: 'Hé "x"\n' })).toBe(
      '{"token":"Hé \\"x\\"\\n","finish_reason":null}',
    );
    expect(encodeChatStreamEvent({ type: 'finish', reason: 'stopped' })).toBe('{"token":"","finish_reason":"stopped"}');
    expect(JSON.parse(encodeChatStreamEvent({ type: 'error', message: 'No.' }))).toEqual({
      token: '',
      finish_reason: 'error',
      error: 'No.',
    });
  });

  it('decodes what it encodes, for any text (property)', () => {
    const event = fc.oneof(
      fc.string().map((token): ChatStreamEvent => ({ type: 'token', token })),
      fc.constantFrom<ChatStreamEvent>(
        { type: 'finish', reason: 'stop' },
        { type: 'finish', reason: 'length' },
        { type: 'finish', reason: 'stopped' },
        { type: 'meta', meta },
        { type: 'sources', sources: [{ id: 'k1', name: 'What is a fund?', citation: 1, kind: 'card' }] },
      ),
      fc.string({ minLength: 1 }).map((message): ChatStreamEvent => ({ type: 'error', message })),
    );
    fc.assert(
      fc.property(event, (e) => {
        expect(decodeChatStreamEvent(encodeChatStreamEvent(e))).toEqual([e]);
      }),
    );
  });

  it('reads a finish that carries a last piece of text as the text, then the finish', () => {
    expect(decodeChatStreamEvent('{"token":"end","finish_reason":"stop"}')).toEqual([
      { type: 'token', token: 'end' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('refuses what is not an event', () => {
    for (const data of ['nope', 'null', '{"token":1}', '{"token":"a","finish_reason":"done"}', '{"meta":{}}']) {
      expect(decodeChatStreamEvent(data), data).toBeUndefined();
    }
  });
});
