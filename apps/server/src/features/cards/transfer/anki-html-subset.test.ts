import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPlainText } from '@turtle/shared/markdown-plain-text';
import { ankiHtmlWriter, type AnkiHtmlWriter } from './anki-export-html';
import { fromAnkiHtml } from './anki-html';

const text = (html: string) => fromAnkiHtml(html).text;

let writer: AnkiHtmlWriter;
beforeAll(async () => {
  writer = await ankiHtmlWriter();
});
const toAnkiHtml = (markdown: string) => writer.toAnkiHtml(markdown);
const parsedToAnkiHtml = (markdown: string) => writer.parsedToAnkiHtml(markdown);

/** docs/security.md 7d.3's families, as an Anki field or a card's markdown may hold them. */
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(2)>',
  '<svg><g/onload=alert(3)//<p>',
  '<svg><script>alert(4)</script><a xlink:href="javascript:alert(5)"><text>t</text></a></svg>',
  '<style>@import "https://attacker.test/x.css"; body{display:none}</style>',
  '<p style="background:url(https://attacker.test/p.png)">styled</p>',
  '<a href="javascript:alert(7)">a</a>',
  '<a href=" JaVaScRiPt:alert(8)">b</a>',
  '<a href="jav&#x09;ascript:alert(9)">c</a>',
  '<a href="&#106;avascript:alert(10)">d</a>',
  '<a href="data:text/html,<script>alert(11)</script>">e</a>',
  '<a href="vbscript:msgbox(12)">f</a>',
  '<iframe srcdoc="<script>alert(15)</script>"></iframe>',
  '<object data="javascript:alert(16)"></object><embed src="javascript:alert(17)">',
  '<form action="https://attacker.test"><input name=q autofocus onfocus=alert(18)><button>Go</button></form>',
  '<details open ontoggle=alert(19)><summary>s</summary>x</details>',
  '<div onclick="alert(20)" onmouseover=alert(21) class="fixed inset-0" id="root">hover</div>',
  '<b onmouseover=alert(22) style="color:red">bold</b><sub onclick=alert(23)>2</sub>',
  '<table><tr><td background="javascript:alert(25)" onmouseover="alert(26)">cell</td></tr></table>',
];

/** The tags in a text (text may quote a payload: `&lt;script&gt;` is no tag). */
const tagsIn = (html: string) => (html.match(/<[^<>]*>?/g) ?? []).join(' ');
/** Markup that could run or style anything: what neither the import nor the export may let through. */
const DANGER =
  /<(?:script|style|iframe|svg|math|object|embed|form|input|button|details|img)\b|\son\w+\s*=|\sstyle\s*=|\sclass\s*=|\sid\s*=|(?:javascript|vbscript|data):/i;
/**
 * The import keeps classes, but only in the card's own namespace (`ak-…`, card-html.ts), which no class of the app's
 * is in: any other class attribute is danger.
 */
const IMPORT_DANGER =
  /<(?:script|style|iframe|svg|math|object|embed|form|input|button|details|img)\b|\son\w+\s*=|\sstyle\s*=|\sclass\s*=\s*"(?!ak-[A-Za-z_][\w-]*(?: ak-[A-Za-z_][\w-]*)*")|\sclass\s*=\s*[^"\s]|\sid\s*=|(?:javascript|vbscript|data):/i;

describe('Anki import keeps the card HTML subset (docs/security.md 7d.3)', () => {
  it('keeps sub- and superscripts, bold, italic, underline, code, links, lists and tables; unwraps the rest', () => {
    expect(text('H<sub>2</sub>O and x<sup>2</sup>')).toBe('H<sub>2</sub>O and x<sup>2</sup>');
    expect(text('<B>b</B> <i>i</i> <u>u</u> <strike>s</strike> <code>a &lt; b</code>')).toBe(
      '<b>b</b> <i>i</i> <u>u</u> <s>s</s> <code>a < b</code>',
    );
    expect(text('<span style="color:red">red</span> <font face="x">font</font>')).toBe('red font');
    expect(text('<a href="https://example.com/?a=1&amp;b=2" target="_blank" title="t">web</a>')).toBe(
      '<a href="https://example.com/?a=1&amp;b=2">web</a>',
    );
    expect(text('Parts:<ul><li>one</li><li>two<ol start="3"><li>three</li></ol></li></ul>After')).toBe(
      'Parts:\n\n- one\n- two\n  3. three\n\nAfter',
    );
    expect(text('<table class="x"><tr><td style="y">a<br>b</td></tr></table>')).toBe(
      '<table><tr><td>a<br>b</td></tr></table>',
    );
  });

  it('turns Anki’s line breaks into ones markdown draws: <br> stays, an empty <div> line is a paragraph', () => {
    expect(text('hello<br>hi')).toBe('hello<br>\nhi');
    expect(text('<div>one</div><div>two</div>')).toBe('one<br>\ntwo');
    expect(text('<div>one</div><div><br></div><div>two</div>')).toBe('one\n\ntwo');
    expect(text('one<br><br>two')).toBe('one\n\ntwo');
  });

  it('keeps Anki’s formulas as written for KaTeX, nothing in them escaped; an unclosed one is text', () => {
    expect(text('\\(x^2 &lt; y\\) and <div>\\[\\frac{a}{b}\\]</div>')).toBe(
      '\\(x^2 < y\\) and<br>\n\\[\\frac{a}{b}\\]',
    );
    expect(text('\\( never closed &lt;b&gt;')).toBe('\\( never closed &lt;b>');
  });

  it('drops an image whose file the package does not hold, keeping its alt text, and says there was media', () => {
    expect(fromAnkiHtml('A <img src="cat.jpg" alt="cat &amp; dog"> here')).toEqual({
      text: 'A cat & dog here',
      hadMedia: true,
      media: [],
    });
  });

  it('keeps classes in the card’s own namespace, safe names only (docs/decisions/047-anki-note-fields-and-styles.md)', () => {
    expect(text('<span class="cloze">[...]</span> is in France')).toBe(
      '<span class="ak-cloze">[...]</span> is in France',
    );
    expect(text('<div class=word><b class="big x.y">gato</b></div><div class="a&quot;b">next</div>')).toBe(
      '<span class="ak-word"><b class="ak-big">gato</b></span><br>\nnext',
    );
    // An app's class names are just names in the card's namespace; a span without a safe class is unwrapped.
    expect(text('<span class="fixed inset-0 z-50">over</span> <span class="1x">plain</span>')).toBe(
      '<span class="ak-fixed ak-inset-0 ak-z-50">over</span> plain',
    );
    // A block of nothing leaves no empty span; an item's class goes inside its marker.
    expect(text('a<div class="spacer"></div>b<ul><li class=i>one</li></ul>')).toBe(
      'a<br>\nb\n\n- <span class="ak-i">one</span>',
    );
    expect(text('<a href="https://example.com" class="link">web</a>')).toBe(
      '<a href="https://example.com" class="ak-link">web</a>',
    );
  });

  it.each(XSS_PAYLOADS)('leaves nothing that can run or style in %s', (payload) => {
    expect(tagsIn(text(payload))).not.toMatch(IMPORT_DANGER);
  });

  it('leaves nothing that can run or style in any mix of those payloads (fuzzed)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(...XSS_PAYLOADS, '<', '>', '"', '<b>', '</a>', '\\(', '\\)', '<span class="c x">', '</span>'),
          { maxLength: 12 },
        ),
        (parts) => {
          expect(tagsIn(text(parts.join('')))).not.toMatch(IMPORT_DANGER);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('Anki export writes the card HTML subset (docs/security.md 7d.3)', () => {
  it('turns markdown into the HTML Anki shows: bold, not **bold**', () => {
    expect(toAnkiHtml('**bold**, *it*, ~~gone~~, `a < b` and H<sub>2</sub>O, x<sup>2</sup>')).toBe(
      '<strong>bold</strong>, <em>it</em>, <del>gone</del>, <code>a &lt; b</code> and H<sub>2</sub>O, x<sup>2</sup>',
    );
    expect(toAnkiHtml('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(toAnkiHtml('[web](https://example.com) ![a cat](/media/cat.png)')).toBe(
      '<a href="https://example.com">web</a> a cat',
    );
    expect(toAnkiHtml('one\ntwo\n\nthree')).toBe('one\ntwo<br><br>three');
  });

  it('writes formulas as Anki’s \\(…\\) and \\[…\\], whichever way the card wrote them', () => {
    expect(toAnkiHtml('$e^{i\\pi}$ and \\(x < y\\)')).toBe('\\(e^{i\\pi}\\) and \\(x &lt; y\\)');
    expect(toAnkiHtml('$$\\int_0^1 x\\,dx$$\n\n\\[a \\\\ b\\]')).toBe('\\[\\int_0^1 x\\,dx\\]<br><br>\\[a \\\\ b\\]');
    // Money is not math (Pandoc's rule, as on the card face).
    expect(toAnkiHtml('$5 and $6')).toBe('$5 and $6');
  });

  it('shows a tag outside the subset as text, as the card face does', () => {
    expect(toAnkiHtml('A loan <to> a company, List<String>')).toBe('A loan &lt;to&gt; a company, List&lt;String&gt;');
  });

  it.each(XSS_PAYLOADS)('leaves nothing that can run or style in %s', (payload) => {
    expect(tagsIn(toAnkiHtml(payload))).not.toMatch(DANGER);
  });

  it('leaves nothing that can run or style in any mix of those payloads and markdown (fuzzed)', () => {
    const pieces = fc.constantFrom(...XSS_PAYLOADS, '<', '>', '"', '**', '[x](', 'javascript:', ')', '$x$', '\n\n');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 10 }), (parts) => {
        expect(tagsIn(toAnkiHtml(parts.join('')))).not.toMatch(DANGER);
      }),
      { numRuns: 200 },
    );
  });

  it('stays linear on unclosed formulas, and writes markdown the libraries cannot walk as its text', () => {
    // Each unclosed `\\(` looked for its closer to the end of the text: 5,000 of them took 3 s, so 50,000 would take
    // minutes. Linear, they take about a second on a loaded CI machine; the test's own time limit is the check (no
    // ratio of timings, which a busy machine bends).
    expect(toAnkiHtml('\\('.repeat(50_000))).toBe('('.repeat(50_000));
    // 10,000 nested quotes overflow remark's recursion.
    expect(toAnkiHtml('>'.repeat(10_000))).toBe('&gt;'.repeat(10_000));
  }, 30_000);

  it('comes back through the import as the same text, for what the import writes', () => {
    for (const card of [
      'a < b & "c"\nsecond line {{c1::cloze}}',
      'H<sub>2</sub>O and x<sup>2</sup>, <b>bold</b> \\(x^2\\)',
      'line<br>\nnext\n\nparagraph',
      '- one\n- two\n  - nested\n\n1. first\n2. second',
      '\\[\\frac{1}{2}\\]',
      '<span class="ak-cloze">Paris</span> is <b class="ak-x ak-y">in</b> France',
    ]) {
      expect(text(toAnkiHtml(card))).toBe(card);
    }
  });

  it('gives Anki a card’s classes back by their own names, and no other class', () => {
    expect(toAnkiHtml('<span class="ak-cloze fixed">Paris</span> <b class="inset-0">x</b>')).toBe(
      '<span class="cloze">Paris</span> <b>x</b>',
    );
  });

  it('draws plain text as the markdown parser would, without it (fuzzed)', () => {
    const plain = fc.array(fc.constantFrom('a', 'B', '1', ' ', '\t', '\n', '\n\n', ',', '.', '{{c1::', '}}', 'é'), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(plain, (parts) => {
        const card = parts.join('');
        if (isPlainText(card)) expect(toAnkiHtml(card)).toBe(parsedToAnkiHtml(card));
      }),
      { numRuns: 500 },
    );
  });
});
