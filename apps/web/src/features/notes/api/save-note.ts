import type { Note, SaveNoteBody, SaveNoteResponse } from '@turtle/shared/note';
import { api } from '../../../lib/api-client';

/** `POST /api/note/save`: without an id creates a note, with one edits it. Answers the note as stored. */
export const saveNote = async (note: SaveNoteBody['note']): Promise<Note> =>
  (await api.postJson<SaveNoteResponse>('/api/note/save', { note })).savedNote;
