import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { findOwnNotesByIds, type NoteRow } from '../../core/notes/notes.repository';

/** The mentioned notes, read only when every one of them is the caller's (else 400, and none is read). */
export async function loadMentionedNotes(db: Db, userId: string, noteIds: string[] | undefined): Promise<NoteRow[]> {
  const ids = [...new Set(noteIds ?? [])];
  if (ids.length === 0) return [];
  const notes = await findOwnNotesByIds(db, userId, ids);
  if (notes.length !== ids.length) {
    throw new HttpError(400, 'validation', 'A mentioned note does not exist. Remove it and try again.', 'noteIds');
  }
  const byId = new Map(notes.map((note) => [note.id, note]));
  return ids.map((id) => byId.get(id)!);
}
