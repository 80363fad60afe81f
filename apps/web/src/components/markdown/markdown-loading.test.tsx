// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Generous: the machine running the tests may be busy. */
const WAIT = { timeout: 10_000 };

// Each test gets fresh module state (nothing loaded yet) and can hold the chunks' imports back.
afterEach(() => {
  cleanup();
  vi.resetModules();
  vi.doUnmock('./markdown-renderer');
  vi.doUnmock('rehype-highlight');
  vi.doUnmock('./math-katex');
  vi.doUnmock('./html-subset');
});

/** A promise the test resolves by hand, standing for a chunk still on its way. */
function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('MarkdownMessage before and after the renderer chunk arrives (decision 023)', () => {
  it('shows the text at once without its emphasis marks, asks for the chunk, then draws markdown', async () => {
    const gate = deferred();
    vi.doMock('./markdown-renderer', async (importOriginal) => {
      await gate.promise;
      return importOriginal();
    });
    const { MarkdownMessage } = await import('./markdown-message');

    const { container } = render(<MarkdownMessage markdown={'A **bold** answer.\nSecond line'} />);
    const box = container.querySelector('.chat-markdown')!;
    expect(box.getAttribute('data-markdown')).toBe('waiting');
    expect(box.textContent).toBe('A bold answer.\nSecond line');
    expect(box.querySelector('strong')).toBeNull();

    await act(async () => gate.release());
    await vi.waitFor(() => expect(box.getAttribute('data-markdown')).toBe('rendered'), WAIT);
    expect(box.querySelector('strong')?.textContent).toBe('bold');
  });

  it('keeps the plain text when the chunk fails, and the next message tries again', async () => {
    let attempts = 0;
    vi.doMock('./markdown-renderer', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return importOriginal();
    });
    const { MarkdownMessage } = await import('./markdown-message');

    const first = render(<MarkdownMessage markdown="**one**" />).container;
    await vi.waitFor(() => expect(attempts).toBe(1), WAIT);
    await act(async () => {});
    expect(first.querySelector('.chat-markdown')?.getAttribute('data-markdown')).toBe('waiting');
    expect(first.textContent).toBe('one');

    const second = render(<MarkdownMessage markdown="**two**" />).container;
    await vi.waitFor(() => expect(second.querySelector('strong')?.textContent).toBe('two'), WAIT);
    expect(first.querySelector('strong')?.textContent).toBe('one');
  });

  it('loads the highlighter only for a fenced block with a language, and colours it when it arrives', async () => {
    let highlighterLoads = 0;
    const gate = deferred();
    vi.doMock('rehype-highlight', async (importOriginal) => {
      highlighterLoads += 1;
      await gate.promise;
      return importOriginal();
    });
    const { markdownRenderer, MarkdownMessage } = await import('./markdown-message');
    await markdownRenderer.load();

    render(<MarkdownMessage markdown={'Plain `code` and\n\n```\nno language\n```'} />);
    await act(async () => {});
    expect(highlighterLoads).toBe(0);

    const { container } = render(<MarkdownMessage markdown={'```ts\nconst x = 1;\n```'} />);
    await vi.waitFor(() => expect(highlighterLoads).toBe(1), WAIT);
    expect(container.querySelector('pre code')?.textContent).toBe('const x = 1;\n');
    expect(container.querySelector('.hljs-keyword')).toBeNull();

    await act(async () => gate.release());
    await vi.waitFor(
      () => expect(container.querySelector('pre code.hljs .hljs-keyword')?.textContent).toBe('const'),
      WAIT,
    );
  });
});

describe('KaTeX and the card HTML subset load on first need (decision 023)', () => {
  it('loads KaTeX only for a text with a formula, showing the formula as its source until it arrives', async () => {
    let katexLoads = 0;
    const gate = deferred();
    vi.doMock('./math-katex', async (importOriginal) => {
      katexLoads += 1;
      await gate.promise;
      return importOriginal();
    });
    const { markdownRenderer, MarkdownMessage } = await import('./markdown-message');
    await markdownRenderer.load();

    const money = render(<MarkdownMessage markdown="It costs $5 and $6, `$x$` in code." />).container;
    await act(async () => {});
    expect(katexLoads).toBe(0);
    expect(money.textContent).toBe('It costs $5 and $6, $x$ in code.');

    const { container } = render(<MarkdownMessage markdown={'Area $\\pi r^2$:\n\n$$\nx^2\n$$'} />);
    await vi.waitFor(() => expect(katexLoads).toBe(1), WAIT);
    const sources = [...container.querySelectorAll('[data-math-source]')].map((node) => node.textContent);
    expect(sources).toEqual(['\\pi r^2', 'x^2']);
    // Never a code block with a Copy button meanwhile.
    expect(container.querySelector('pre, button, code')).toBeNull();

    await act(async () => gate.release());
    await vi.waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2), WAIT);
    expect(container.querySelector('[data-math-source]')).toBeNull();
    expect(katexLoads).toBe(1);
  });

  it('loads the HTML subset only for a card with HTML, leaving its tags out until it arrives', async () => {
    let htmlLoads = 0;
    const gate = deferred();
    vi.doMock('./html-subset', async (importOriginal) => {
      htmlLoads += 1;
      await gate.promise;
      return importOriginal();
    });
    const { markdownRenderer, MarkdownMessage } = await import('./markdown-message');
    await markdownRenderer.load();

    render(<MarkdownMessage markdown="A reply with <sub>HTML</sub>" />);
    render(<MarkdownMessage markdown="A **card** without HTML" allowHtmlSubset />);
    await act(async () => {});
    expect(htmlLoads).toBe(0);

    const { container } = render(<MarkdownMessage markdown="H<sub>2</sub>O is **water**" allowHtmlSubset />);
    await vi.waitFor(() => expect(htmlLoads).toBe(1), WAIT);
    expect(container.textContent).toBe('H2O is water');
    expect(container.querySelector('sub')).toBeNull();

    await act(async () => gate.release());
    await vi.waitFor(() => expect(container.querySelector('sub')?.textContent).toBe('2'), WAIT);
    expect(container.querySelector('strong')?.textContent).toBe('water');
  });

  it('shows a card’s text without its tags while the renderer itself is on its way', async () => {
    const gate = deferred();
    vi.doMock('./markdown-renderer', async (importOriginal) => {
      await gate.promise;
      return importOriginal();
    });
    const { MarkdownMessage } = await import('./markdown-message');
    const { container } = render(<MarkdownMessage markdown={'x<sup>2</sup> and **y**<br>next'} allowHtmlSubset />);
    expect(container.firstElementChild!.getAttribute('data-markdown')).toBe('waiting');
    expect(container.textContent).toBe('x2 and y\nnext');
    await act(async () => gate.release());
  });
});

describe('MarkdownMessage for text without markdown', () => {
  it('draws its paragraphs at once and never asks for the renderer, as the renderer would draw them', async () => {
    let loads = 0;
    vi.doMock('./markdown-renderer', async (importOriginal) => {
      loads += 1;
      return importOriginal();
    });
    const { MarkdownMessage } = await import('./markdown-message');
    const text = "Hello! I'm your assistant.\nHow can I help?\n\nA second paragraph.";
    const plain = render(<MarkdownMessage markdown={text} />).container.firstElementChild!;
    await act(async () => {});
    expect(loads).toBe(0);
    expect(plain.getAttribute('data-markdown')).toBe('plain-text');

    const { MarkdownRenderer } = await import('./markdown-renderer');
    const drawn = render(<MarkdownRenderer markdown={text} />).container;
    // The renderer puts a line break between blocks, which draws nothing.
    expect(plain.innerHTML).toBe(drawn.innerHTML.replace(/>\n</g, '><'));
  });
});

describe('isPlainText', () => {
  it('is true only for text markdown would draw as paragraphs alone', async () => {
    const { isPlainText } = await import('./plain-text');
    expect(isPlainText("Hello! I'm your AI assistant. How can I help you today? (It costs 0.2%.)")).toBe(true);
    expect(isPlainText('Two lines\nand a paragraph\n\nafter.')).toBe(true);
    for (const text of [
      'a **bold** word',
      'an _emphasis_',
      'some `code`',
      '[a link](https://x.test)',
      'see https://x.test',
      'or www.example.org',
      'mail a@b.test',
      '# Heading',
      '> quote',
      '- item',
      '1. first',
      'Title\n===',
      'a | b',
      '    indented code',
      'hard  \nbreak',
      '&amp; entity',
      '<b>html</b>',
      'escaped \\*',
      '~~struck~~',
    ]) {
      expect(isPlainText(text), text).toBe(false);
    }
  });
});

describe('hasLanguageFence', () => {
  it('finds a fence that names a language, with backticks or tildes, indented up to three spaces', async () => {
    const { hasLanguageFence } = await import('./markdown-renderer');
    expect(hasLanguageFence('```ts\nx\n```')).toBe(true);
    expect(hasLanguageFence('text\n   ~~~python\nx\n~~~')).toBe(true);
    expect(hasLanguageFence('```\nx\n```')).toBe(false);
    expect(hasLanguageFence('inline ```ts not a fence')).toBe(false);
    expect(hasLanguageFence('    ```ts (indented code)')).toBe(false);
  });
});

describe('withoutInlineMarks (the text before the renderer arrives)', () => {
  it('drops paired emphasis and code marks, and keeps marks inside words or unpaired', async () => {
    const { withoutInlineMarks } = await import('./plain-text');
    expect(withoutInlineMarks("_I'm the offline assistant._ Rent is **900** a `month`.")).toBe(
      "I'm the offline assistant. Rent is 900 a month.",
    );
    expect(withoutInlineMarks('snake_case_name and 2 * 3 * 4, __init__')).toBe('snake_case_name and 2 * 3 * 4, init');
    expect(withoutInlineMarks('_half written')).toBe('_half written');
  });
});

describe('usePreloadMarkdownRenderer', () => {
  it('asks for the renderer once the screen is idle, before any message needs it', async () => {
    let imported = 0;
    vi.doMock('./markdown-renderer', async (importOriginal) => {
      imported += 1;
      return importOriginal();
    });
    const { markdownRenderer, usePreloadMarkdownRenderer } = await import('./markdown-message');
    function Screen() {
      usePreloadMarkdownRenderer();
      return null;
    }
    render(<Screen />);
    expect(markdownRenderer.value()).toBeUndefined();
    await vi.waitFor(() => expect(markdownRenderer.value()).toBeDefined(), WAIT);
    expect(imported).toBe(1);
  });
});
