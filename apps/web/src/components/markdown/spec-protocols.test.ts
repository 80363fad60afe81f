import { describe, expect, it } from 'vitest';
import { MARKDOWN_ALLOWED_PROTOCOLS } from '@turtle/shared/constants';
import { markdownUrlTransform } from './safe-urls';

// product.md §2 "Chat screen" and §9 (docs/spec-conformance.md): "Markdown link and image addresses are allowed only with
// the protocols http, https, irc, ircs, mailto and xmpp, or when relative. Other addresses are blanked."

const link = { tagName: 'a' } as Parameters<typeof markdownUrlTransform>[2];
const image = { tagName: 'img' } as Parameters<typeof markdownUrlTransform>[2];

describe('the markdown address rule', () => {
  it('keeps every protocol of the shared list, in links and images, whatever its case', () => {
    for (const protocol of MARKDOWN_ALLOWED_PROTOCOLS) {
      const url = `${protocol}:example`;
      expect(markdownUrlTransform(url, 'href', link)).toBe(url);
      expect(markdownUrlTransform(url.toUpperCase(), 'href', link)).toBe(url.toUpperCase());
      expect(markdownUrlTransform(url, 'src', image)).toBe(url);
    }
  });

  it('keeps relative addresses', () => {
    for (const url of ['/note/abc', 'notes?x=1', '#part', '../up', 'a/b:c']) {
      expect(markdownUrlTransform(url, 'href', link)).toBe(url);
    }
  });

  it('blanks every other protocol', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x', 'file:///etc', 'tel:123', 'vbscript:x']) {
      expect(markdownUrlTransform(url, 'href', link)).toBe('');
    }
  });
});
