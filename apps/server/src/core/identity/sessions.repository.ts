import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { sessions, users } from './identity.tables';

export async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: string; expiresAt: Date; createdAt?: Date },
) {
  await db.insert(sessions).values(values);
}

export type SessionWithUser = { session: typeof sessions.$inferSelect; user: typeof users.$inferSelect };

/** The sessions among `ids` that exist, each with its user, by session id. */
export async function findSessionsWithUsers(db: DbOrTx, ids: string[]): Promise<Map<string, SessionWithUser>> {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, ids));
  return new Map(rows.map((row) => [row.session.id, row]));
}

export async function extendSession(db: DbOrTx, id: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

export async function setSessionVerifiedAt(db: DbOrTx, id: string, at: Date) {
  await db.update(sessions).set({ verifiedAt: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of the user but the one kept (a password change keeps the browser that made it). */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keptSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)));
}

/** Ends every session of the user (a password set through a reset link: whoever had it is out). */
export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
