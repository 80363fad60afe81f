import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { indexSource, removeSource } from '../knowledge/passages.repository';
import { notes } from './notes.tables';

export type NoteRow = typeof notes.$inferSelect;

/** Only a note not marked deleted by an earlier version (decision 022): every query leaves those out until purged. */
const live = isNull(notes.deletedAt);

/** Every query names the owner: a note id alone never reaches another user's row. */
export async function listNotesByOwner(db: DbOrTx, userId: string): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), live))
    .orderBy(desc(notes.lastAccessAt), desc(notes.createdAt));
}

/** A note's passages in the search index, written with the note (docs/decisions/036-one-index.md). */
function indexNote(db: DbOrTx, note: NoteRow): Promise<void> {
  return indexSource(
    db,
    { userId: note.userId, kind: 'note', sourceId: note.id, title: note.name, text: note.content },
    note.updatedAt,
  );
}

export async function insertNote(db: DbOrTx, values: typeof notes.$inferInsert): Promise<NoteRow> {
  return db.transaction(async (tx) => {
    const rows = await tx.insert(notes).values(values).returning();
    await indexNote(tx, rows[0]!);
    return rows[0]!;
  });
}

/**
 * Saves an edit. With `baseUpdatedAt` (the version the editor started from), an edit made elsewhere since is not
 * overwritten: the answer is then `'conflict'` (autosave, docs/decisions/022-note-delete-undo.md).
 */
export async function updateOwnNote(
  db: DbOrTx,
  userId: string,
  id: string,
  values: Pick<NoteRow, 'name' | 'content' | 'updatedAt' | 'lastAccessAt'>,
  baseUpdatedAt?: number,
): Promise<NoteRow | 'conflict' | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notes)
      .set(values)
      .where(
        and(
          eq(notes.id, id),
          eq(notes.userId, userId),
          live,
          baseUpdatedAt === undefined ? undefined : eq(notes.updatedAt, baseUpdatedAt),
        ),
      )
      .returning();
    if (rows[0]) await indexNote(tx, rows[0]);
    if (rows[0] || baseUpdatedAt === undefined) return rows[0];
    const exists = await tx
      .select({ id: notes.id })
      .from(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId), live));
    return exists.length > 0 ? 'conflict' : undefined;
  });
}

/** Opening a note is an access: it moves to the top of "last access" (rules.md "Notes"). */
export async function touchOwnNote(db: DbOrTx, userId: string, id: string, now: number): Promise<NoteRow | undefined> {
  const rows = await db
    .update(notes)
    .set({ lastAccessAt: now })
    .where(and(eq(notes.id, id), eq(notes.userId, userId), live))
    .returning();
  return rows[0];
}

/** Deletes a note for good (decision 022): the row goes, and with it every trace of its text. */
export async function deleteOwnNote(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId), live))
      .returning({ id: notes.id });
    if (rows.length > 0) await removeSource(tx, userId, 'note', id);
    return rows.length > 0;
  });
}

/**
 * Notes marked deleted by the Undo of earlier versions (decision 022, before its update) are removed for good when
 * their owner next lists or deletes notes; nothing marks a note any more.
 */
export async function purgeDeletedNotes(db: DbOrTx, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const purged = await tx
      .delete(notes)
      .where(and(eq(notes.userId, userId), isNotNull(notes.deletedAt)))
      .returning({ id: notes.id });
    for (const { id } of purged) await removeSource(tx, userId, 'note', id);
  });
}

/** The caller's notes among `ids`; ids of other users' notes simply are not found. */
export async function findOwnNotesByIds(db: DbOrTx, userId: string, ids: string[]): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), inArray(notes.id, ids), live));
}
