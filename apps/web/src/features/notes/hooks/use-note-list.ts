import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Note } from '@turtle/shared/note';
import { showAlert } from '../../../lib/alert-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { listNotes } from '../api/list-notes';
import { errorMessage, isAbort } from '../../../lib/error-message';
import { reconcileNoteCache } from '../lib/note-cache';
import { sortByLastAccess } from '../lib/note-list';

export type NoteListStatus = 'loading' | 'loaded' | 'failed';

function applyNoteList(fresh: Note[]) {
  const { noteMap, addNotes, removeNote } = useTurtleStore.getState();
  const { remove, upsert } = reconcileNoteCache(noteMap, fresh);
  remove.forEach(removeNote);
  if (upsert.length) addNotes(upsert);
}

/**
 * rules.md "Notes": the list renders from the `noteMap` cache at once and refreshes from `GET /api/note/list`.
 * A failed refresh shows the server's message in the alert bar and keeps what the cache holds.
 */
export function useNoteList(): { notes: Note[]; status: NoteListStatus; retry: () => void } {
  const noteMap = useTurtleStore((state) => state.noteMap);
  const notes = useMemo(() => sortByLastAccess(Object.values(noteMap)), [noteMap]);
  const [status, setStatus] = useState<NoteListStatus>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listNotes(controller.signal)
      .then((fresh) => {
        applyNoteList(fresh);
        setStatus('loaded');
      })
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        showAlert(errorMessage(error));
        setStatus('failed');
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setStatus('loading');
    setAttempt((count) => count + 1);
  }, []);

  return { notes, status, retry };
}
