import { useCallback, useEffect, useState } from 'react';
import type { Note } from '@turtle/shared/note';
import { showAlert } from '../../../lib/alert-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { getNote } from '../api/get-note';
import { errorMessage, isAbort, isNotFound } from '../../../lib/error-message';

export type NoteState =
  | { status: 'loading' }
  | { status: 'ready'; note: Note }
  | { status: 'notFound' }
  | { status: 'failed'; retry: () => void };

type Fetch = 'pending' | 'done' | 'notFound' | 'failed';

/**
 * One note for the editor: the cached copy at once, then the server's (`GET /api/note/get`, which records the
 * access, so the note moves to the top of the list). An id that is not the caller's note is "not found".
 */
export function useNote(id: string): NoteState {
  const cached = useTurtleStore((state) => state.noteMap[id]);
  const [fetch, setFetch] = useState<Fetch>('pending');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getNote(id, controller.signal)
      .then((note) => {
        useTurtleStore.getState().addNotes([note]);
        setFetch('done');
      })
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        if (isNotFound(error)) {
          useTurtleStore.getState().removeNote(id);
          setFetch('notFound');
          return;
        }
        showAlert(errorMessage(error));
        setFetch('failed');
      });
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => {
    setFetch('pending');
    setAttempt((count) => count + 1);
  }, []);

  if (fetch === 'notFound') return { status: 'notFound' };
  if (cached) return { status: 'ready', note: cached };
  if (fetch === 'pending') return { status: 'loading' };
  if (fetch === 'failed') return { status: 'failed', retry };
  // Loaded, then dropped from the cache (deleted in another tab, or signed out).
  return { status: 'notFound' };
}
