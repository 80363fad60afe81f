import { queryOptions } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Note } from '@turtle/shared/note';
import { showAlert } from '../alert-store';
import { useTurtleStore } from '../turtle-store';
import { listNotes } from './list-notes';
import { errorMessage, isAbort } from '../error-message';
import { JUST_READ_MS } from '../query/query-client';
import { queryKeys } from '../query/query-keys';
import { useServerQuery } from '../query/use-server-query';
import { reconcileNoteCache } from './note-cache';
import { sortByLastAccess } from './note-list';

export type NoteListStatus = 'loading' | 'loaded' | 'failed';

function applyNoteList(fresh: Note[]) {
  const { noteMap, addNotes, removeNote } = useTurtleStore.getState();
  const { remove, upsert } = reconcileNoteCache(noteMap, fresh);
  remove.forEach(removeNote);
  if (upsert.length) addNotes(upsert);
}

/** Reads the list into the `noteMap` cache; a failure shows the server's message in the alert bar. */
async function refreshNoteCache(signal: AbortSignal): Promise<number> {
  try {
    const fresh = await listNotes(signal);
    applyNoteList(fresh);
    return fresh.length;
  } catch (error) {
    if (!isAbort(error)) showAlert(errorMessage(error));
    throw error;
  }
}

/** The list's read; a screen may start it with its chunk (the chat screen's prefetch). */
export const noteListQuery = queryOptions({
  queryKey: queryKeys.notes,
  queryFn: ({ signal }) => refreshNoteCache(signal),
  // One call, one alert, as before the query: the person retries with the screen's button.
  retry: false,
  staleTime: JUST_READ_MS,
});

/**
 * rules.md "Notes": the list renders from the `noteMap` cache at once and refreshes from `GET /api/note/list`
 * whenever a screen showing it opens. A failed refresh keeps what the cache holds. The notes themselves stay in
 * `noteMap` (persisted on the device, read by chat's @ menu and the editor), so the query keeps only the call's state.
 */
export function useNoteList(): { notes: Note[]; status: NoteListStatus; retry: () => void } {
  const noteMap = useTurtleStore((state) => state.noteMap);
  const notes = useMemo(() => sortByLastAccess(Object.values(noteMap)), [noteMap]);
  const query = useServerQuery(noteListQuery);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const status: NoteListStatus = query.isFetching ? 'loading' : query.isError ? 'failed' : 'loaded';
  return { notes, status, retry };
}
