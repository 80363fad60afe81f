import type { DeleteNoteResponse } from '@turtle/shared/note';
import { api } from '../../../lib/api-client';

/** `POST /api/note/delete`: 404 when the caller has no note with that id. */
export const deleteNote = (id: string) => api.postJson<DeleteNoteResponse>('/api/note/delete', { id });
