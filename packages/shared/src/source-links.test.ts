import { describe, expect, it } from 'vitest';
import { passageHref, sourceLocation } from './source-links';

// docs/decisions/039-shared-lesson-passages.md: a found passage opens its exact place.
describe('passageHref', () => {
  it('opens a note at its passage, or at the top when the passage is not named', () => {
    expect(passageHref({ kind: 'note', sourceId: 'n 1', position: 3 })).toBe('/note/n%201?p=3');
    expect(passageHref({ kind: 'note', sourceId: 'n1' })).toBe('/note/n1');
  });

  it('opens a past chat at its message', () => {
    expect(passageHref({ kind: 'chat', sourceId: 'm1', parentId: 'c1' })).toBe('/chats?c=c1&m=m1');
  });

  it('opens a lesson at the moment, in whole milliseconds', () => {
    expect(passageHref({ kind: 'lesson', sourceId: '2', startMs: 61500.4 })).toBe('/learn/2?t=61500');
  });

  it('opens a card in its editor (decision 044)', () => {
    expect(passageHref({ kind: 'card', sourceId: 'c 1', parentId: 'd1', position: 0 })).toBe('/cards/edit/c%201');
    expect(passageHref(sourceLocation({ id: 'c1', name: 'What is a fund?', kind: 'card' }))).toBe('/cards/edit/c1');
  });

  it("reads a reply's sources, a kept one from before the kinds as a note", () => {
    expect(passageHref(sourceLocation({ id: 'n1', name: 'Fees', citation: 1 }))).toBe('/note/n1');
    expect(passageHref(sourceLocation({ id: 'm1', name: 'Chat', kind: 'chat', conversationId: 'c1' }))).toBe(
      '/chats?c=c1&m=m1',
    );
    expect(passageHref(sourceLocation({ id: '1', name: 'Lesson', kind: 'lesson', startMs: 5000 }))).toBe(
      '/learn/1?t=5000',
    );
  });
});
