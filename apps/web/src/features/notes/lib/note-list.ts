import type { Note } from '@turtle/shared/note';

/** product.md §2: most recently opened first; ties (notes saved in the same millisecond) newest created first. */
export function sortByLastAccess<T extends Note>(notes: readonly T[]): T[] {
  return [...notes].sort(
    (a, b) => b.lastAccessAt - a.lastAccessAt || b.createdAt - a.createdAt || a.id.localeCompare(b.id),
  );
}

/** rules.md "Notes": the search box keeps the notes whose title or content holds the query, whatever the case. */
export function filterNotes<T extends Note>(notes: readonly T[], query: string): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...notes];
  return notes.filter(
    (note) => note.name.toLocaleLowerCase().includes(needle) || note.content.toLocaleLowerCase().includes(needle),
  );
}

/** "1 note", "2 notes", "0 notes". */
export function formatNoteCount(count: number): string {
  return `${count} ${count === 1 ? 'note' : 'notes'}`;
}
