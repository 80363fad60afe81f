import { noteEndpoints } from '@turtle/shared/endpoints/notes';
import type { Note } from '@turtle/shared/note';
import { api } from '../api-client';
import { apiUrl } from '../api-url';

/** The list's URL, read ahead by the chat's route (decision 030). */
export const NOTE_LIST_PATH = apiUrl(noteEndpoints.list);

/** `GET /api/note/list`: the caller's notes, most recently opened first. */
export const listNotes = async (signal?: AbortSignal): Promise<Note[]> =>
  (await api.call(noteEndpoints.list, { signal })).notes;
