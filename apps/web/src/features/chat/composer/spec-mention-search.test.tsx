// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENTION_MENU_ITEM_LIMIT, MENTION_REMOTE_SEARCH_DELAY_MS } from '@turtle/shared/constants';
import type { Note } from '@turtle/shared/note';
import { NoteMentionsPlugin } from './note-mentions-plugin';

// product.md §5 (docs/spec-conformance.md): "Mention search: up to 75 characters after the trigger, spaces allowed; delay
// 250 ms when a remote search function is supplied, 0 otherwise." The composer's search runs on the notes it holds.

const props = vi.hoisted(() => ({ last: {} as Record<string, unknown> }));
vi.mock('lexical-beautiful-mentions', () => ({
  BeautifulMentionsPlugin: (plugin: Record<string, unknown>) => {
    props.last = plugin;
    return null;
  },
}));

afterEach(cleanup);

const NOTES: Note[] = [{ id: 'n1', name: 'Groceries', content: 'Milk', createdAt: 1, updatedAt: 1, lastAccessAt: 1 }];

describe('the @ mention search', () => {
  it('is local (no remote search function), so it waits 0 ms, not the remote 250', async () => {
    render(<NoteMentionsPlugin notes={NOTES} loading={false} creatable={false} onMenuOpenChange={() => {}} />);
    expect(MENTION_REMOTE_SEARCH_DELAY_MS).toBe(250);
    expect(props.last.searchDelay).toBe(0);
    // The search answers from the notes given, at once.
    const search = props.last.onSearch as (trigger: string, query?: string | null) => Promise<unknown>;
    await expect(search('@', 'gro')).resolves.toEqual([{ value: 'Groceries', id: 'n1' }]);
  });

  it('allows spaces, offers at most 5 notes and is wired to @ only', () => {
    render(<NoteMentionsPlugin notes={NOTES} loading={false} creatable={false} onMenuOpenChange={() => {}} />);
    expect(props.last.allowSpaces).toBe(true);
    expect(props.last.menuItemLimit).toBe(MENTION_MENU_ITEM_LIMIT);
    expect(props.last.triggers).toEqual(['@']);
  });
});
