// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationMessage } from '@turtle/shared/conversation';
import { markdownRenderer } from '../../../components/markdown/markdown-message';
import { ChatMessageView } from './chat-message-view';

// product.md §2 "Chat screen" (docs/spec-conformance.md): "An assistant message is rendered as markdown from htmlContent,
// or from content when htmlContent is missing."

function reply(extra: Partial<ConversationMessage> = {}): ConversationMessage {
  return { id: 'a1', role: 'assistant', content: 'From **content**.', timestamp: 0, status: 'complete', ...extra };
}

function renderReply(message: ConversationMessage) {
  return render(
    <MemoryRouter>
      <ChatMessageView message={message} />
    </MemoryRouter>,
  ).container.querySelector('[data-role="assistant"]')!;
}

beforeAll(async () => {
  await markdownRenderer.load();
});
afterEach(cleanup);

describe('an assistant message', () => {
  it('is rendered as markdown from htmlContent when it has one', () => {
    const row = renderReply(reply({ htmlContent: 'From *htmlContent*, with <b>tags</b> as text.' }));
    expect(row.querySelector('em')?.textContent).toBe('htmlContent');
    expect(row.textContent).not.toContain('From content');
    // Markdown, never raw HTML (rules.md "Chat": assistant markdown never renders raw HTML).
    expect(row.querySelector('b')).toBeNull();
    expect(row.textContent).toContain('<b>tags</b>');
  });

  it('is rendered as markdown from content when htmlContent is missing or empty', () => {
    for (const message of [reply(), reply({ htmlContent: '' })]) {
      const row = renderReply(message);
      expect(row.querySelector('strong')?.textContent).toBe('content');
      cleanup();
    }
  });
});
