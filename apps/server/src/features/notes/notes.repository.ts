import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { notes } from '../../db/schema';

export type NoteRow = typeof notes.$inferSelect;

/** Every query names the owner: a note id alone never reaches another user's row. */
export async function listNotesByOwner(db: DbOrTx, userId: string): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(eq(notes.userId, userId))
    .orderBy(desc(notes.lastAccessAt), desc(notes.createdAt));
}

export async function insertNote(db: DbOrTx, values: NoteRow): Promise<NoteRow> {
  const rows = await db.insert(notes).values(values).returning();
  return rows[0]!;
}

export async function updateOwnNote(
  db: DbOrTx,
  userId: string,
  id: string,
  values: Pick<NoteRow, 'name' | 'content' | 'updatedAt' | 'lastAccessAt'>,
): Promise<NoteRow | undefined> {
  const rows = await db
    .update(notes)
    .set(values)
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .returning();
  return rows[0];
}

/** Opening a note is an access: it moves to the top of "last access" (rules.md "Notes"). */
export async function touchOwnNote(db: DbOrTx, userId: string, id: string, now: number): Promise<NoteRow | undefined> {
  const rows = await db
    .update(notes)
    .set({ lastAccessAt: now })
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .returning();
  return rows[0];
}

export async function deleteOwnNote(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}

/** The caller's notes among `ids`; ids of other users' notes simply are not found. */
export async function findOwnNotesByIds(db: DbOrTx, userId: string, ids: string[]): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notes)
    .where(and(eq(notes.userId, userId), inArray(notes.id, ids)));
}
