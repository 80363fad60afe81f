import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { identities, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** `email` must already be normalised (`normalizeEmail`): that is the form stored. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function findUserByIdentity(db: DbOrTx, issuer: string, subject: string): Promise<UserRow | undefined> {
  const rows = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)))
    .limit(1);
  return rows[0]?.user;
}

export async function insertIdentity(db: DbOrTx, values: { issuer: string; subject: string; userId: string }) {
  await db.insert(identities).values(values);
}
