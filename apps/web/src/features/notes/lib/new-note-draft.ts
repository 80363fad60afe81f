import type { NoteDraft } from './note-draft';

/** One draft per device, for the person who wrote it (decision 008: a new note's text survives a reload). */
const KEY = 'turtle-note-draft';

interface StoredDraft extends NoteDraft {
  userId: string;
}

/** The new note this person was writing on this device, if any. */
export function loadNewNoteDraft(userId: string): NoteDraft | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<StoredDraft> | null;
    if (!stored || stored.userId !== userId || typeof stored.name !== 'string' || typeof stored.content !== 'string') {
      return undefined;
    }
    return { name: stored.name, content: stored.content };
  } catch {
    return undefined;
  }
}

/** Keeps the draft (or forgets it when it is empty). Storage that is full or off just keeps nothing. */
export function storeNewNoteDraft(userId: string, draft: NoteDraft): void {
  try {
    if (draft.name === '' && draft.content === '') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify({ userId, ...draft } satisfies StoredDraft));
  } catch {
    // Nothing to do: the draft lives on in the editor.
  }
}

export function clearNewNoteDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
