import { describe, expect, it } from 'vitest';
import { CARD_HTML_TAGS, escapeTagsOutsideSubset } from './card-html';

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
    for (const tag of ['b', 'i', 'u', 'sub', 'sup', 'br', 'ul', 'ol', 'li', 'code', 'table', 'td', 'a']) {
      expect(CARD_HTML_TAGS.has(tag), tag).toBe(true);
    }
    for (const tag of ['input', 'script', 'style', 'iframe', 'svg', 'span', 'font']) {
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
