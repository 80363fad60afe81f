import { describe, expect, it } from 'vitest';
import { draftSourceFromParams, makeCardsHref } from './cards-links';

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
});
