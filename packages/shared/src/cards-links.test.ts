import { describe, expect, it } from 'vitest';
import { draftSourceFromParams, makeCardsHref, passageCardsHref } from './cards-links';

/** The query of a local address, read the way `URLSearchParams.get` does (the shared package has no DOM types). */
function parse(href: string) {
  const query = new Map<string, string>();
  for (const pair of (href.split('?')[1] ?? '').split('&').filter(Boolean)) {
    const [name, value = ''] = pair.split('=');
    query.set(decodeURIComponent(name!), decodeURIComponent(value));
  }
  return draftSourceFromParams({ get: (name) => query.get(name) ?? null });
}

describe('"Make cards" addresses', () => {
  it('name the source and read back to it', () => {
    for (const source of [
      { kind: 'note', noteId: 'a b' },
      { kind: 'chat', messageId: 'm-1' },
      { kind: 'lesson', lessonId: '2' },
      { kind: 'lesson', lessonId: '2', ms: 61500 },
    ] as const) {
      expect(parse(makeCardsHref(source))).toEqual(source);
    }
    expect(makeCardsHref({ kind: 'lesson', lessonId: '1', ms: 1200.4 })).toBe('/cards/drafts?from=lesson&id=1&ms=1200');
  });
  it('the tray alone names none', () => {
    expect(parse('/cards/drafts')).toBeUndefined();
    expect(parse('/cards/drafts?from=video&id=1')).toBeUndefined();
    expect(parse('/cards/drafts?from=lesson&id=1&ms=-5')).toEqual({ kind: 'lesson', lessonId: '1' });
  });

  it('name a found passage and read back to it (docs/decisions/050-cards-from-a-source.md)', () => {
    for (const source of [
      { kind: 'passage', of: 'note', sourceId: 'n 1', position: 3 },
      { kind: 'passage', of: 'lesson', sourceId: '2', ms: 61500 },
      { kind: 'passage', of: 'chat', sourceId: 'm-1' },
      { kind: 'passage', of: 'card', sourceId: 'c-1' },
    ] as const) {
      expect(parse(makeCardsHref(source))).toEqual(source);
    }
    expect(parse('/cards/drafts?from=passage&of=video&id=1')).toBeUndefined();
    expect(parse('/cards/drafts?from=passage&of=note&id=1&p=-1')).toEqual({
      kind: 'passage',
      of: 'note',
      sourceId: '1',
    });
  });
  it('a source or a result drafts from its passage; a note named whole drafts from the note', () => {
    expect(passageCardsHref({ kind: 'note', sourceId: 'n', position: 2 })).toBe(
      '/cards/drafts?from=passage&of=note&id=n&p=2',
    );
    expect(passageCardsHref({ kind: 'note', sourceId: 'n' })).toBe('/cards/drafts?from=note&id=n');
    expect(passageCardsHref({ kind: 'lesson', sourceId: '3', startMs: 65000, position: 4 })).toBe(
      '/cards/drafts?from=passage&of=lesson&id=3&ms=65000',
    );
    expect(passageCardsHref({ kind: 'chat', sourceId: 'm', parentId: 'c', position: 0 })).toBe(
      '/cards/drafts?from=passage&of=chat&id=m',
    );
    expect(passageCardsHref({ kind: 'card', sourceId: 'k', position: 1 })).toBe(
      '/cards/drafts?from=passage&of=card&id=k',
    );
  });
});
