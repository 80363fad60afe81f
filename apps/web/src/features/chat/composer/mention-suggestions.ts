import { MENTION_MENU_ITEM_LIMIT } from '@turtle/shared/constants';
import type { Note } from '@turtle/shared/note';

/** The trigger wired to note suggestions (product.md §3 "Mention": only @ is). */
export const NOTE_MENTION_TRIGGER = '@';

/** What the mention menu offers for a note: the value is the note's name, the data its id (product.md §4 "Mention menu"). */
export type NoteMentionItem = { value: string; id: string };

/** The part of a note the menu needs. */
export type MentionableNote = Pick<Note, 'id' | 'name' | 'lastAccessAt' | 'createdAt'>;

/** Most recently opened first; ties by creation, newest first, then by id, so the order never flickers. */
function byLastAccess(a: MentionableNote, b: MentionableNote): number {
  return b.lastAccessAt - a.lastAccessAt || b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The suggestions for a query typed after @ (product.md §4 "Mention menu"): note names containing the query, whatever the
 * case, most recently opened first, at most `limit` of them.
 */
export function suggestNotes(
  notes: readonly MentionableNote[],
  query: string | null | undefined,
  limit: number = MENTION_MENU_ITEM_LIMIT,
): NoteMentionItem[] {
  const needle = (query ?? '').toLowerCase();
  return notes
    .filter((note) => note.name.toLowerCase().includes(needle))
    .sort(byLastAccess)
    .slice(0, Math.max(0, limit))
    .map((note) => ({ value: note.name, id: note.id }));
}
