import { useCallback, useEffect, useRef, useState } from 'react';
import type { Note } from '@turtle/shared/note';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useTurtleStore } from '../../../lib/turtle-store';
import { saveNote } from '../api/save-note';
import { hasUnsavedChanges, isBlankDraft, isTooLong, type NoteDraft } from '../lib/note-draft';

/** Typing pauses this long before an edit is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveResult = { ok: true } | { ok: false; message: string };

export type AutosaveState =
  | { status: 'saved' }
  | { status: 'pending' }
  | { status: 'saving' }
  | { status: 'failed'; message: string; conflict: boolean };

interface AutosaveOptions {
  /** The note being edited; undefined for a new note (created only by "Create Note", product.md §2). */
  note: Note | undefined;
  draft: NoteDraft;
  saved: NoteDraft;
  /** What the server now holds, as typed (the editor's "saved" copy). */
  onSaved: (sent: NoteDraft, note: Note) => void;
}

/**
 * Autosave of an existing note (issue 15, item 8): an edit is saved once typing pauses, one save at a time, each
 * naming the version it is based on (`baseUpdatedAt`), so an edit made in another window is never overwritten (409,
 * shown as a failure). "Save Note" goes through the same queue (`saveNow`). Leaving with an edit not yet sent sends
 * it on the way out; a failed one keeps the unsaved-changes prompt.
 */
export function useAutosave({ note, draft, saved, onSaved }: AutosaveOptions) {
  const [state, setState] = useState<AutosaveState>({ status: 'saved' });
  const base = useRef(note?.updatedAt);
  const latest = useRef({ draft, saved, note, onSaved });
  const inFlight = useRef<Promise<SaveResult> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    latest.current = { draft, saved, note, onSaved };
  });

  // A newer copy taken from the server (the editor had nothing unsaved) is the new base.
  const noteUpdatedAt = note?.updatedAt;
  const noteId = note?.id;
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
    clearTimeout(timer.current);
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
  const savable = noteId !== undefined && dirty && !isBlankDraft(draft) && !isTooLong(draft);
  const failedConflict = state.status === 'failed' && state.conflict;
  useEffect(() => {
    // A conflict is not retried by typing on: the person decides (copy the text, reload the note).
    if (!savable || failedConflict) return;
    clearTimeout(timer.current);
    // Typed on while a save was out: this waits for it, then sends the rest.
    timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [draft, savable, failedConflict, saveNow]);

  // Leaving (another screen) with an edit still waiting for its pause: it is sent now.
  useEffect(
    () => () => {
      const { draft: now, saved: stored, note: current } = latest.current;
      if (!current || !hasUnsavedChanges(now, stored) || isBlankDraft(now) || isTooLong(now)) return;
      clearTimeout(timer.current);
      void saveNow();
    },
    [saveNow],
  );

  // Typed since the last save: waiting for the pause.
  const shown: AutosaveState = state.status === 'saved' && dirty ? { status: 'pending' } : state;
  return { state: shown, saveNow, dirty, savable };
}
