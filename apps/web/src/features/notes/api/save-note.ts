import { noteEndpoints } from '@turtle/shared/endpoints/notes';
import type { Note, SaveNoteBody } from '@turtle/shared/note';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/note/save`: without an id creates a note, with one edits it. Answers the note as stored. A create carries
 * `idempotencyKey`, so a retry after a lost answer gets the first note back instead of making a second.
 */
export const saveNote = async (note: SaveNoteBody['note'], idempotencyKey?: string): Promise<Note> =>
  (await api.call(noteEndpoints.save, { body: { note }, idempotencyKey })).savedNote;
