import { useCallback, useEffect, useRef, useState } from 'react';
import type { Note } from '@turtle/shared/note';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useTurtleStore } from '../../../lib/turtle-store';
import { saveNote } from '../api/save-note';
import { hasUnsavedChanges, type NoteDraft } from '../lib/note-draft';

export type SaveResult = { ok: true } | { ok: false; message: string };

export type NoteSaveState =
  | { status: 'saved' }
  | { status: 'pending' }
  | { status: 'saving' }
  | { status: 'failed'; message: string; conflict: boolean };

interface SaveExistingNoteOptions {
  /** The note being edited; undefined for a new note (created only by "Create Note", product.md §2). */
  note: Note | undefined;
  draft: NoteDraft;
  saved: NoteDraft;
  /** What the server now holds, as typed (the editor's "saved" copy). */
  onSaved: (sent: NoteDraft, note: Note) => void;
}

/**
 * The save of an existing note: only "Save Note" saves (product.md §2: "Back" returns to /notes without saving, so
 * nothing saves by itself; decision 022). One save at a time, each naming the version it is based on (`baseUpdatedAt`),
 * so an edit made in another window is never overwritten (409, shown as a failure).
 */
export function useSaveExistingNote({ note, draft, saved, onSaved }: SaveExistingNoteOptions) {
  const [state, setState] = useState<NoteSaveState>({ status: 'saved' });
  const base = useRef(note?.updatedAt);
  const latest = useRef({ draft, saved, note, onSaved });
  const inFlight = useRef<Promise<SaveResult> | null>(null);
  useEffect(() => {
    latest.current = { draft, saved, note, onSaved };
  });

  // A newer copy taken from the server (the editor had nothing unsaved) is the new base.
  const noteUpdatedAt = note?.updatedAt;
  useEffect(() => {
    if (noteUpdatedAt !== undefined && !inFlight.current) base.current = Math.max(base.current ?? 0, noteUpdatedAt);
  }, [noteUpdatedAt]);

  const saveOnce = useCallback(async (): Promise<SaveResult> => {
    const { draft: sent, note: current } = latest.current;
    if (!current) return { ok: false, message: 'Create the note first.' };
    setState({ status: 'saving' });
    try {
      const stored = await saveNote({
        id: current.id,
        name: sent.name,
        content: sent.content,
        ...(base.current === undefined ? {} : { baseUpdatedAt: base.current }),
      });
      base.current = stored.updatedAt;
      // At once, not at the next render: a save queued meanwhile compares with this.
      latest.current.saved = sent;
      latest.current.onSaved(sent, stored);
      useTurtleStore.getState().addNotes([stored]);
      const stillChanged = hasUnsavedChanges(latest.current.draft, sent);
      setState({ status: stillChanged ? 'pending' : 'saved' });
      return { ok: true };
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409;
      const message = errorMessage(error);
      setState({ status: 'failed', message, conflict });
      return { ok: false, message };
    }
  }, []);

  /** Saves what the editor holds now, after any save already on its way. */
  const saveNow = useCallback(async (): Promise<SaveResult> => {
    while (inFlight.current) await inFlight.current;
    const { draft: now, saved: stored } = latest.current;
    if (!hasUnsavedChanges(now, stored)) return { ok: true };
    const run = saveOnce();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [saveOnce]);

  const dirty = hasUnsavedChanges(draft, saved);

  // Typed since the last save.
  const shown: NoteSaveState = state.status === 'saved' && dirty ? { status: 'pending' } : state;
  return { state: shown, saveNow };
}
