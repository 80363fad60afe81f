import { and, desc, eq, gt, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { notes } from '../../db/schema';

export type NoteRow = typeof notes.$inferSelect;

/** A deleted note can be brought back this long (the Undo of its toast); then it is purged (decision 022). */
export const DELETED_NOTE_KEPT_MS = 10 * 60 * 1000;

/** Only a note that is not deleted: every query but the Undo's sees nothing else. */
const live = isNull(notes.deletedAt);

/** Every query names the owner: a note id alone never reaches another user's row. */
export async function listNotesByOwner(db: DbOrTx, userId: string): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), live))
    .orderBy(desc(notes.lastAccessAt), desc(notes.createdAt));
}

export async function insertNote(db: DbOrTx, values: typeof notes.$inferInsert): Promise<NoteRow> {
  const rows = await db.insert(notes).values(values).returning();
  return rows[0]!;
}

/**
 * Saves an edit. With `baseUpdatedAt` (the version the editor started from), an edit made elsewhere since is not
 * overwritten: the answer is then `'conflict'` (autosave, issue 15 item 8).
 */
export async function updateOwnNote(
  db: DbOrTx,
  userId: string,
  id: string,
  values: Pick<NoteRow, 'name' | 'content' | 'updatedAt' | 'lastAccessAt'>,
  baseUpdatedAt?: number,
): Promise<NoteRow | 'conflict' | undefined> {
  const rows = await db
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
  if (rows[0] || baseUpdatedAt === undefined) return rows[0];
  const exists = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId), live));
  return exists.length > 0 ? 'conflict' : undefined;
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

/** Deletes a note so that its Undo can bring it back (decision 022): it is marked, and gone for every other query. */
export async function deleteOwnNote(db: DbOrTx, userId: string, id: string, now: number): Promise<boolean> {
  const rows = await db
    .update(notes)
    .set({ deletedAt: now })
    .where(and(eq(notes.id, id), eq(notes.userId, userId), live))
    .returning({ id: notes.id });
  return rows.length > 0;
}

/** The Undo of a delete: the note as it was, while it is still kept. */
export async function restoreOwnNote(
  db: DbOrTx,
  userId: string,
  id: string,
  now: number,
): Promise<NoteRow | undefined> {
  const rows = await db
    .update(notes)
    .set({ deletedAt: null })
    .where(
      and(
        eq(notes.id, id),
        eq(notes.userId, userId),
        isNotNull(notes.deletedAt),
        // Past the Undo's time the note is as good as purged.
        gt(notes.deletedAt, now - DELETED_NOTE_KEPT_MS),
      ),
    )
    .returning();
  return rows[0];
}

/** Deleted notes past their Undo are removed for good: a delete is a delete. */
export async function purgeDeletedNotes(db: DbOrTx, userId: string, now: number): Promise<void> {
  await db.delete(notes).where(and(eq(notes.userId, userId), lt(notes.deletedAt, now - DELETED_NOTE_KEPT_MS)));
}

/** The caller's notes among `ids`; ids of other users' notes simply are not found. */
export async function findOwnNotesByIds(db: DbOrTx, userId: string, ids: string[]): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), inArray(notes.id, ids), live));
}
