import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NOTE_CONTENT_MAX_LENGTH, NOTE_TITLE_MAX_LENGTH } from '@turtle/shared/constants';
import { NOTE_TOO_LONG_MESSAGE, NOTE_CHANGED_ELSEWHERE_MESSAGE, noteNameToSave, type Note } from '@turtle/shared/note';
import { noteEndpoints } from '@turtle/shared/endpoints/notes.schemas';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { onceForKey } from '../../lib/idempotency';
import { route } from '../../lib/route';
import { requireUser } from '../../core/identity/sessions';
import {
  deleteOwnNote,
  insertNote,
  listNotesByOwner,
  purgeDeletedNotes,
  touchOwnNote,
  updateOwnNote,
  type NoteRow,
} from '../../core/notes/notes.repository';

const noteNotFound = () => new HttpError(404, 'notFound', 'That note does not exist.');

/** Maps a row to the shared shape: the owner column never leaves the server. */
function toNote(row: NoteRow): Note {
  const { id, name, content, createdAt, updatedAt, lastAccessAt } = row;
  return { id, name, content, createdAt, updatedAt, lastAccessAt };
}

/** product.md §7 note calls, each scoped to the session's user; another user's note answers 404 like a missing one. */
export function notesRoutes(app: FastifyInstance, db: Db): void {
  route(app, noteEndpoints.list, { user: requireUser }, async ({ user }) => {
    await purgeDeletedNotes(db, user.id);
    return { notes: (await listNotesByOwner(db, user.id)).map(toNote) };
  });

  route(app, noteEndpoints.get, { user: requireUser }, async ({ user, query: { id } }) => {
    const row = await touchOwnNote(db, user.id, id, Date.now());
    if (!row) throw noteNotFound();
    return { note: toNote(row) };
  });

  route(app, noteEndpoints.save, { user: requireUser }, async ({ user, body: { note } }, request) => {
    if (note.name.length > NOTE_TITLE_MAX_LENGTH || note.content.length > NOTE_CONTENT_MAX_LENGTH) {
      throw new HttpError(413, 'payloadTooLarge', NOTE_TOO_LONG_MESSAGE);
    }
    const now = Date.now();
    // Only these fields come from the client: owner and times are the server's (no mass assignment).
    const values = { name: noteNameToSave(note.name), content: note.content, updatedAt: now, lastAccessAt: now };
    if (note.id === undefined) {
      // A retry of a create whose answer was lost (same Idempotency-Key) gets the first note, not a second one.
      return onceForKey(db, request, { scope: 'note', userId: user.id }, async (tx) => {
        const row = await insertNote(tx, { id: randomUUID(), userId: user.id, createdAt: now, ...values });
        return { savedNote: toNote(row) };
      });
    }
    const row = await updateOwnNote(db, user.id, note.id, values, note.baseUpdatedAt);
    if (row === 'conflict') throw new HttpError(409, 'conflict', NOTE_CHANGED_ELSEWHERE_MESSAGE);
    if (!row) throw noteNotFound();
    return { savedNote: toNote(row) };
  });

  route(app, noteEndpoints.delete, { user: requireUser }, async ({ user, body: { id } }) => {
    // For good, as the dialog says: a retry whose first answer was lost finds nothing and gets 404, which the
    // client reads as "already gone" (decision 022).
    if (!(await deleteOwnNote(db, user.id, id))) throw noteNotFound();
    await purgeDeletedNotes(db, user.id);
    return { ok: true };
  });
}
