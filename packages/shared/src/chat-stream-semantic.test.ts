import { describe, expect, it } from 'vitest';
import { decodeChatStreamEvent } from './chat-stream-events';

// docs/decisions/048-semantic-search.md: the chat's first event says when its sources were found by words only.
describe('decodeChatStreamEvent and semantic search', () => {
  const meta = {
    conversation: { id: 'c1', title: 'Tyres', createdAt: 1, updatedAt: 1 },
    assistantMessageId: 'a1',
    sources: [],
  };
  it('keeps semantic: unavailable in the meta', () => {
    const line = JSON.stringify({ token: '', finish_reason: null, meta: { ...meta, semantic: 'unavailable' } });
    expect(decodeChatStreamEvent(line)).toEqual([{ type: 'meta', meta: { ...meta, semantic: 'unavailable' } }]);
  });

  it('reads a meta without it as before', () => {
    expect(decodeChatStreamEvent(JSON.stringify({ token: '', finish_reason: null, meta }))).toEqual([
      { type: 'meta', meta },
    ]);
  });
});
