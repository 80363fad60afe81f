// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarkdownMessage, markdownRenderer } from './markdown-message';
import { typesetter } from './markdown-renderer';
import { isPlainText } from './plain-text';

// The renderer and KaTeX are lazy chunks (markdown-math-loading.test.tsx covers the wait); here they are loaded.
beforeAll(async () => {
  await Promise.all([markdownRenderer.load(), typesetter.load()]);
});
afterEach(cleanup);

function renderMarkdown(markdown: string) {
  return render(<MarkdownMessage markdown={markdown} />).container;
}

/** The TeX source KaTeX keeps beside each formula (MathML's annotation), in order. */
const formulas = (container: HTMLElement) =>
  [...container.querySelectorAll('annotation[encoding="application/x-tex"]')].map((node) => node.textContent);

describe('MarkdownMessage: math with KaTeX', () => {
  it('draws $…$ inline and $$…$$ as display math, with MathML for screen readers', () => {
    const container = renderMarkdown(
      'Area: $\\pi r^2$.\n\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n\nInline $$E=mc^2$$ too.',
    );
    expect(formulas(container)).toEqual(['\\pi r^2', '\\int_0^1 x\\,dx = \\frac{1}{2}', 'E=mc^2']);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(2);
    expect(container.querySelector('p .katex:not(.katex-display .katex)')?.closest('p')?.textContent).toContain(
      'Area:',
    );
    expect(container.querySelectorAll('math')).toHaveLength(3);
    // A formula is never drawn as a code block with a Copy button.
    expect(container.querySelector('pre, button')).toBeNull();
  });

  it("reads Anki's \\(…\\) as inline math and \\[…\\] as display math", () => {
    const container = renderMarkdown('Water is \\(H_2O\\); and \\[\\sqrt{a^2+b^2}\\] is the length.');
    expect(formulas(container)).toEqual(['H_2O', '\\sqrt{a^2+b^2}']);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
  });

  it('keeps money as text: dollars that do not make a formula by Pandoc’s rule', () => {
    for (const text of ['It costs $5 and $6.', 'between $5-$10', '$20,000 and $30,000', 'a $ b $ c', '$x$5']) {
      const container = renderMarkdown(text);
      expect(container.querySelector('.katex'), text).toBeNull();
      expect(container.textContent, text).toBe(text);
      cleanup();
    }
    const mixed = renderMarkdown('Rent is $900, so $x^2$ is the plan.');
    expect(formulas(mixed)).toEqual(['x^2']);
    expect(mixed.textContent).toMatch(/^Rent is \$900, so .+ is the plan\.$/);
  });

  it('never reads math inside code: code spans, fenced and indented blocks keep their dollars and backslashes', () => {
    const container = renderMarkdown(
      'Run `echo $HOME $PATH` or `\\(x\\)`.\n\n```sh\necho "$a" \\(b\\) $c$\n```\n\n    $d$ \\[e\\]',
    );
    expect(container.querySelector('.katex')).toBeNull();
    const code = [...container.querySelectorAll('code')].map((node) => node.textContent);
    expect(code).toEqual(['echo $HOME $PATH', '\\(x\\)', 'echo "$a" \\(b\\) $c$\n', '$d$ \\[e\\]\n']);
    cleanup();
    // A formula never spans a backtick, so a code span after a price stays code.
    const price = renderMarkdown('It costs $5, set `$BUDGET` and \\(a `b\\)` too.');
    expect(price.querySelector('.katex')).toBeNull();
    expect([...price.querySelectorAll('code')].map((node) => node.textContent)).toEqual(['$BUDGET', 'b\\)']);
  });

  it('leaves escapes as they were: \\$ is a dollar, an unpaired or empty \\( a parenthesis', () => {
    for (const [text, shown] of [
      ['Price \\$5 and \\$6.', 'Price $5 and $6.'],
      ['a \\( alone', 'a ( alone'],
      ['and \\(\\) empty, \\[ \\] blank', 'and () empty, [ ] blank'],
      ['an escaped backslash \\\\(x\\)', 'an escaped backslash \\(x)'],
    ]) {
      const container = renderMarkdown(text!);
      expect(container.querySelector('.katex'), text).toBeNull();
      expect(container.textContent, text).toBe(shown);
      cleanup();
    }
  });

  it('shows a malformed formula as its source, in the error colour, and draws the rest of the reply', () => {
    const container = renderMarkdown('Before $\\frac{1}{$ and $x^2$ after, and \\(\\unknownmacro{y}\\).');
    const error = container.querySelector('.katex-error')!;
    expect(error.textContent).toBe('\\frac{1}{');
    expect(error.getAttribute('title')).toMatch(/ParseError/);
    expect(formulas(container)).toEqual(['x^2', '\\unknownmacro{y}']);
    // An unknown command is drawn as its name, in the error colour.
    const unknown = [...container.querySelectorAll<HTMLElement>('.katex-html *')].find(
      (node) => node.textContent === '\\unknownmacro' && node.style.color,
    );
    expect(unknown?.style.color).toBe('rgb(185, 28, 28)');
    expect(container.textContent).toMatch(/^Before .+ after, and .+\.$/);
  });

  it('makes no link, class, id, style or data attribute from \\href, \\url, \\htmlClass and friends (trust: false)', () => {
    const container = renderMarkdown(
      [
        '$\\href{javascript:alert(1)}{x}$',
        '$\\url{javascript:alert(2)}$',
        '$\\htmlClass{pwned}{a}$',
        '$\\htmlId{pwned}{b}$',
        '$\\htmlStyle{background:url(https://attacker.test/p.png)}{c}$',
        '$\\htmlData{foo=bar}{d}$',
        '$\\includegraphics{https://attacker.test/p.png}$',
      ].join(' '),
    );
    expect(container.querySelector('a, img, [href], [src]')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      expect(element.id, element.outerHTML).toBe('');
      expect(element.getAttribute('class') ?? '').not.toContain('pwned');
      for (const { name, value } of element.attributes) {
        expect(name).not.toMatch(/^(?:on|data-(?!markdown))/);
        expect(value).not.toMatch(/javascript:|attacker\.test/);
      }
    }
    // Each command shows as its name in the error colour, the rest of the text as written.
    expect(container.querySelectorAll('.katex')).toHaveLength(7);
  });

  it('bounds macro expansion, so a self-repeating macro ends as an error instead of hanging the tab', () => {
    const started = performance.now();
    const container = renderMarkdown('$\\def\\a{\\a\\a}\\a$ and $\\rule{100000em}{100000em}$');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(container.querySelector('.katex-error')?.getAttribute('title')).toMatch(/expansion/i);
    // maxSize caps the rule at 20em, whatever it asks for.
    const rule = container.querySelector<HTMLElement>('.katex-html .rule')!;
    expect(rule.style.borderRightWidth).toBe('20em');
    expect(rule.style.borderTopWidth).toBe('20em');
  });

  it('treats text with a dollar as markdown, and renders it exactly as written when it holds no formula', async () => {
    expect(isPlainText('It costs $5')).toBe(false);
    const container = renderMarkdown('It costs $5 and $6.');
    await act(async () => {});
    expect(container.firstElementChild!.getAttribute('data-markdown')).toBe('rendered');
    expect(container.querySelector('p')!.outerHTML).toBe(
      '<p class="my-3 first:mt-0 last:mb-0">It costs $5 and $6.</p>',
    );
  });
});
