import { noteEndpoints } from '@turtle/shared/endpoints/notes';
import type { Note } from '@turtle/shared/note';
import { api } from '../../../lib/api-client';

/** `GET /api/note/get?id=`: one of the caller's notes; records the access (404 for another user's or a missing id). */
export const getNote = async (id: string, signal?: AbortSignal): Promise<Note> =>
  (await api.call(noteEndpoints.get, { query: { id }, signal })).note;
