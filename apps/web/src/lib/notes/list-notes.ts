import type { ListNotesResponse, Note } from '@turtle/shared/note';
import { api } from '../api-client';

export const NOTE_LIST_PATH = '/api/note/list';

/** `GET /api/note/list`: the caller's notes, most recently opened first. */
export const listNotes = async (signal?: AbortSignal): Promise<Note[]> =>
  (await api.get<ListNotesResponse>(NOTE_LIST_PATH, signal)).notes;
