// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationMessage } from '@turtle/shared/conversation';
import { SEMANTIC_UNAVAILABLE_NOTE } from '@turtle/shared/search-helpers';
import { noteKeywordOnly } from '../lib/keyword-only-replies';
import { AssistantNotes } from './assistant-extras';

const reply = (extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: 'a1',
  role: 'assistant',
  content: 'An answer.',
  timestamp: 0,
  status: 'complete',
  ...extra,
});

afterEach(() => cleanup());

// docs/decisions/048-semantic-search.md: a reply whose sources were found by their words only, the embedding model
// having failed, says so under it.
describe('AssistantNotes when semantic search was unavailable', () => {
  it('says semantic search is unavailable under the reply', () => {
    render(
      <MemoryRouter>
        <AssistantNotes message={reply({ semantic: 'unavailable' })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(SEMANTIC_UNAVAILABLE_NOTE)).toBeTruthy();
  });

  it('still says it when the conversation is read again from the server, which does not keep it', () => {
    noteKeywordOnly('a2');
    render(
      <MemoryRouter>
        <AssistantNotes message={reply({ id: 'a2' })} />
      </MemoryRouter>,
    );
    expect(screen.getByText(SEMANTIC_UNAVAILABLE_NOTE)).toBeTruthy();
  });

  it('says nothing of it otherwise', () => {
    const { container } = render(
      <MemoryRouter>
        <AssistantNotes message={reply()} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
  });
});
