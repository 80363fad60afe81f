import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { sessions, users } from '../../db/schema';

export async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: string; expiresAt: Date; createdAt?: Date },
) {
  await db.insert(sessions).values(values);
}

export async function findSessionWithUser(db: DbOrTx, id: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  return rows[0];
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}
