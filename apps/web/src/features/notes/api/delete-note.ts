import { noteEndpoints } from '@turtle/shared/endpoints/notes';
import { api } from '../../../lib/api-client';

/** `POST /api/note/delete`: 404 when the caller has no note with that id. */
export const deleteNote = (id: string) => api.call(noteEndpoints.delete, { body: { id } });
