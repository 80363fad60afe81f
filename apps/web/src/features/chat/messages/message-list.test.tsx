// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '@turtle/shared/conversation';
import { markdownRenderer } from '../../../components/markdown/markdown-message';
import { CHAT_GREETING, MessageList } from './message-list';

const wrap = (node: ReactNode) => <MemoryRouter>{node}</MemoryRouter>;

const question: ConversationMessage = {
  id: 'u1',
  role: 'user',
  content: 'What is an index fund?',
  timestamp: 1,
  status: 'complete',
};
const answer: ConversationMessage = {
  id: 'a1',
  role: 'assistant',
  content: 'A fund that buys **every** company in an index.',
  timestamp: 2,
  status: 'complete',
};

/** jsdom lays nothing out: every element here is as tall as `layout` says, and scrolls like a browser would. */
const layout = { scrollHeight: 1000, clientHeight: 400 };
const scrollTops = new WeakMap<Element, number>();
const saved = ['scrollHeight', 'clientHeight', 'scrollTop'].map(
  (key) => [key, Object.getOwnPropertyDescriptor(Element.prototype, key)] as const,
);

// Replies are drawn by the lazy markdown chunk; loaded here so they render as markdown at once.
beforeAll(async () => {
  await markdownRenderer.load();
});

beforeAll(() => {
  Object.defineProperties(Element.prototype, {
    scrollHeight: { configurable: true, get: () => layout.scrollHeight },
    clientHeight: { configurable: true, get: () => layout.clientHeight },
    scrollTop: {
      configurable: true,
      get(this: Element) {
        return scrollTops.get(this) ?? 0;
      },
      set(this: Element, value: number) {
        scrollTops.set(this, Math.max(0, Math.min(value, layout.scrollHeight - layout.clientHeight)));
      },
    },
  });
});
afterAll(() => {
  for (const [key, descriptor] of saved) if (descriptor) Object.defineProperty(Element.prototype, key, descriptor);
});

// jsdom has no ResizeObserver, which the overlay scrollbar (Radix ScrollArea) needs once a scroll shows it; nothing
// resizes here, so one that never calls back is enough.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  cleanup();
  Object.assign(layout, { scrollHeight: 1000, clientHeight: 400 });
});

/** The element that scrolls: the scroll area's viewport, the list's grandparent (the list is in its content). */
function scroller(): HTMLElement {
  return screen.getByRole('list', { name: 'Messages' }).parentElement!.parentElement!;
}

describe('MessageList', () => {
  it('opens with the greeting, then the messages in order', () => {
    render(wrap(<MessageList messages={[question, answer]} />));
    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(CHAT_GREETING),
      expect.stringContaining('What is an index fund?'),
      expect.stringContaining('A fund that buys every company in an index.'),
    ]);
    expect(CHAT_GREETING).toBe("Hello! I'm your AI assistant. How can I help you today?");
    // The greeting has no buttons; the reply has its Copy.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[2]!).getByRole('button', { name: 'Copy reply' })).toBeTruthy();
  });

  it('shows only the typing indicator while the live reply is empty, then its text with the indicator after', () => {
    const { rerender } = render(wrap(<MessageList messages={[question]} live={{ content: '' }} />));
    const items = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items()).toHaveLength(3);
    expect(within(items()[2]!).getByRole('status').textContent).toBe('AI is typing');

    rerender(wrap(<MessageList messages={[question]} live={{ content: 'An index fund **buys**' }} />));
    const live = items()[2]!;
    expect(live.querySelector('strong')?.textContent).toBe('buys');
    expect(within(live).getByRole('status').textContent).toBe('AI is typing');
    expect(live.textContent!.indexOf('buys')).toBeLessThan(live.textContent!.indexOf('AI is typing'));

    rerender(wrap(<MessageList messages={[question, answer]} live={null} />));
    expect(screen.queryByText('AI is typing')).toBeNull();
    expect(items()).toHaveLength(3);
  });

  it('offers Regenerate on the last reply only, and not while a reply streams', () => {
    const onRegenerate = vi.fn();
    const older = { ...answer, id: 'a0' };
    const { rerender } = render(wrap(<MessageList messages={[older, question, answer]} onRegenerate={onRegenerate} />));
    const buttons = screen.getAllByRole('button', { name: 'Regenerate' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    expect(onRegenerate).toHaveBeenCalledTimes(1);
    expect(buttons[0]!.closest('li')!.textContent).toContain('every company');
    expect(
      within(screen.getAllByRole('listitem').at(-1)!).queryByRole('button', { name: 'Regenerate' }),
    ).not.toBeNull();

    rerender(wrap(<MessageList messages={[question, answer]} live={{ content: '' }} onRegenerate={onRegenerate} />));
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    rerender(wrap(<MessageList messages={[answer, question]} onRegenerate={onRegenerate} />));
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('follows a streaming reply down, stops when the person scrolls up, and "Jump to latest" goes back', () => {
    const { rerender } = render(wrap(<MessageList messages={[question]} live={{ content: '' }} />));
    const list = scroller();
    expect(list.hasAttribute('data-radix-scroll-area-viewport')).toBe(true);
    expect(list.style.overflowY).toBe('auto');
    expect(list.className).toMatch(/h-full/);
    expect(list.scrollTop).toBe(600);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

    // Tokens arrive: the list keeps to the bottom.
    layout.scrollHeight = 1200;
    rerender(wrap(<MessageList messages={[question]} live={{ content: 'An index' }} />));
    expect(list.scrollTop).toBe(800);
    fireEvent.scroll(list);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();

    // The person scrolls up: more tokens do not pull the list down, and the jump button shows.
    list.scrollTop = 300;
    fireEvent.scroll(list);
    const jump = screen.getByRole('button', { name: 'Jump to latest' });
    layout.scrollHeight = 1400;
    rerender(wrap(<MessageList messages={[question]} live={{ content: 'An index fund buys' }} />));
    expect(list.scrollTop).toBe(300);

    // Jump to latest: at the bottom again, the button goes, and the list follows once more.
    fireEvent.click(jump);
    expect(list.scrollTop).toBe(1000);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
    layout.scrollHeight = 1600;
    rerender(wrap(<MessageList messages={[question]} live={{ content: 'An index fund buys every' }} />));
    expect(list.scrollTop).toBe(1200);
  });

  it('stops following even after a small scroll up near the bottom, and follows again once back at the bottom', () => {
    const { rerender } = render(wrap(<MessageList messages={[question]} live={{ content: 'a' }} />));
    const list = scroller();
    expect(list.scrollTop).toBe(600);
    list.scrollTop = 590;
    fireEvent.scroll(list);
    layout.scrollHeight = 1100;
    rerender(wrap(<MessageList messages={[question]} live={{ content: 'a b' }} />));
    expect(list.scrollTop).toBe(590);
    expect(screen.getByRole('button', { name: 'Jump to latest' })).toBeTruthy();

    // Scrolling down to the bottom by hand pins it again.
    list.scrollTop = 700;
    fireEvent.scroll(list);
    layout.scrollHeight = 1300;
    rerender(wrap(<MessageList messages={[question]} live={{ content: 'a b c' }} />));
    expect(list.scrollTop).toBe(900);
  });
});
