import type { Note } from '@turtle/shared/note';

const DAY = 24 * 60 * 60 * 1000;
const BASE = Date.UTC(2025, 5, 30, 12);

/** [name, days since last opened] — listed here in no particular order; the menu sorts them. */
const ENTRIES: [string, number][] = [
  ['Groceries', 1],
  ['Reading list', 3],
  ['Index funds in one page', 0],
  ['Questions for lesson 3', 2],
  ['Trip to Lisbon', 6],
  ['Gift ideas', 4],
  ['Budget 2025', 5],
  ['Recipes to try', 7],
];

/** The demos' hard-coded typeahead list (product.md §2 "Other screens"): eight notes, of which the menu shows at most five. */
export const DEMO_NOTES: Note[] = ENTRIES.map(([name, daysAgo], index) => ({
  id: `demo-${index + 1}`,
  name,
  content: `${name} (a demo note).`,
  createdAt: BASE - 30 * DAY,
  updatedAt: BASE - daysAgo * DAY,
  lastAccessAt: BASE - daysAgo * DAY,
}));

export function demoNoteName(id: string): string | undefined {
  return DEMO_NOTES.find((note) => note.id === id)?.name;
}
