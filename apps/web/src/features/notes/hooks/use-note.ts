import { useCallback } from 'react';
import type { Note } from '@turtle/shared/note';
import { showAlert } from '../../../lib/alert-store';
import { useTurtleStore } from '../../../lib/turtle-store';
import { getNote } from '../api/get-note';
import { errorMessage, isAbort, isNotFound } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';

export type NoteState =
  | { status: 'loading' }
  | { status: 'ready'; note: Note }
  | { status: 'notFound' }
  | { status: 'failed'; retry: () => void };

/** Reads one note into the `noteMap` cache; "notFound" drops it from there. */
async function refreshNote(id: string, signal: AbortSignal): Promise<'found' | 'notFound'> {
  try {
    useTurtleStore.getState().addNotes([await getNote(id, signal)]);
    return 'found';
  } catch (error) {
    if (isNotFound(error)) {
      useTurtleStore.getState().removeNote(id);
      return 'notFound';
    }
    if (!isAbort(error)) showAlert(errorMessage(error));
    throw error;
  }
}

/**
 * One note for the editor: the cached copy at once, then the server's (`GET /api/note/get`, which records the
 * access, so the note moves to the top of the list). An id that is not the caller's note is "not found".
 */
export function useNote(id: string): NoteState {
  const cached = useTurtleStore((state) => state.noteMap[id]);
  const query = useServerQuery({
    queryKey: queryKeys.note(id),
    queryFn: ({ signal }) => refreshNote(id, signal),
    retry: false,
  });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  if (query.data === 'notFound' && !query.isFetching) return { status: 'notFound' };
  if (cached) return { status: 'ready', note: cached };
  if (query.isFetching || query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'failed', retry };
  // Loaded, then dropped from the cache (deleted in another tab, or signed out).
  return { status: 'notFound' };
}
