import { describe, expect, it } from 'vitest';
import {
  CARD_CLASS_NAME,
  CARD_HTML_SCHEMA,
  CARD_HTML_TAGS,
  cardClassNames,
  escapeTagsOutsideSubset,
} from './card-html';

describe('escapeTagsOutsideSubset (docs/security.md 7d.3)', () => {
  it('turns tags outside the card subset into text and leaves the subset, script-like tags and plain `<` alone', () => {
    expect(escapeTagsOutsideSubset('H<sub>2</sub>O is a List<String> <to> x</FONT>')).toBe(
      'H<sub>2</sub>O is a List&lt;String> &lt;to> x&lt;/FONT>',
    );
    expect(escapeTagsOutsideSubset('<script>x</script><STYLE>y</STYLE><svg>')).toBe(
      '<script>x</script><STYLE>y</STYLE><svg>',
    );
    expect(escapeTagsOutsideSubset('a < b, <!-- c -->, <3, <')).toBe('a < b, <!-- c -->, <3, <');
    expect(escapeTagsOutsideSubset('<a title="<x>" href="/">')).toBe('<a title="&lt;x>" href="/">');
  });

  it('knows the subset of Anki formatting, and never a checkbox typed as HTML', () => {
    for (const tag of ['b', 'i', 'u', 'sub', 'sup', 'br', 'ul', 'ol', 'li', 'code', 'table', 'td', 'a', 'span']) {
      expect(CARD_HTML_TAGS.has(tag), tag).toBe(true);
    }
    for (const tag of ['input', 'script', 'style', 'iframe', 'svg', 'font']) {
      expect(CARD_HTML_TAGS.has(tag), tag).toBe(false);
    }
  });

  it('is linear: 150,000 `<` or unknown tags in well under a second', () => {
    for (const text of ['<'.repeat(150_000), '<x'.repeat(75_000), '</'.repeat(75_000)]) {
      const started = Date.now();
      escapeTagsOutsideSubset(text);
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });
});

describe('a card’s classes (docs/decisions/047-anki-note-fields-and-styles.md, docs/security.md 7d.3)', () => {
  it('are kept in their own namespace, safe names only', () => {
    expect(cardClassNames('cloze')).toBe('ak-cloze');
    expect(cardClassNames('  word\tbig_one  night-mode ')).toBe('ak-word ak-big_one ak-night-mode');
    // Names that are not plain (an escape, a quote, a dot, a leading digit or dash) are dropped.
    expect(cardClassNames('a"b x.y 1st -x \\66 ok <b> ok')).toBe('ak-ok');
    expect(cardClassNames('')).toBe('');
    expect(cardClassNames(Array.from({ length: 20 }, (_, i) => `c${i}`).join(' ')).split(' ')).toHaveLength(8);
    expect(cardClassNames(`a${'b'.repeat(64)}`)).toBe('');
  });

  it('are the only classes the subset keeps, on any of its elements: an app class is never one', () => {
    expect(CARD_HTML_SCHEMA.attributes['*']).toEqual([['className', CARD_CLASS_NAME]]);
    for (const name of ['ak-cloze', 'ak-word', 'ak-_x-1']) expect(CARD_CLASS_NAME.test(name), name).toBe(true);
    for (const name of ['fixed', 'inset-0', 'chat-markdown', 'anki-card', 'ak-', 'ak-1x', 'ak-a.b', 'xak-a']) {
      expect(CARD_CLASS_NAME.test(name), name).toBe(false);
    }
  });
});
