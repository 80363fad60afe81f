import { describe, expect, it } from 'vitest';
import { citePassages } from './retrieved-notes';

// docs/decisions/036-one-index.md and 039: found passages are numbered by source, in order of relevance.
describe('citePassages', () => {
  it('numbers a note once, each past chat message and each lesson moment as its own source', () => {
    const { passages, sources } = citePassages([
      { kind: 'note', sourceId: 'n1', title: 'Fees', position: 0, body: 'a' },
      { kind: 'chat', sourceId: 'm1', parentId: 'c1', title: 'Chat', position: 0, body: 'b' },
      { kind: 'note', sourceId: 'n1', title: 'Fees', position: 2, body: 'c' },
      { kind: 'lesson', sourceId: '2', title: 'Funds', position: 4, startMs: 65_000, body: 'd' },
    ]);
    expect(passages.map((passage) => passage.citation)).toEqual([1, 2, 1, 3]);
    expect(passages[3]!.at).toBe('01:05');
    expect(sources).toEqual([
      { id: 'n1', name: 'Fees', citation: 1, position: 0 },
      { id: 'm1', name: 'Chat', citation: 2, kind: 'chat', conversationId: 'c1' },
      { id: '2', name: 'Funds', citation: 3, kind: 'lesson', startMs: 65_000 },
    ]);
  });
});
