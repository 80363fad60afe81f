import type { Note, RestoreNoteResponse } from '@turtle/shared/note';
import { api } from '../../../lib/api-client';

/** `POST /api/note/restore`: the Undo of a delete (decision 022); answers the note as it was. */
export const restoreNote = async (id: string): Promise<Note> =>
  (await api.postJson<RestoreNoteResponse>('/api/note/restore', { id })).note;
