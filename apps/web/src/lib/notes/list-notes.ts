import type { ListNotesResponse, Note } from '@turtle/shared/note';
import { api } from '../api-client';

/** `GET /api/note/list`: the caller's notes, most recently opened first. */
export const listNotes = async (signal?: AbortSignal): Promise<Note[]> =>
  (await api.get<ListNotesResponse>('/api/note/list', signal)).notes;
