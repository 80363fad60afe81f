import { and, eq } from 'drizzle-orm';
import type { Membership } from '@turtle/shared/membership';
import type { DbOrTx } from '../../db/database';
import { identities, users } from './identity.tables';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** `email` must already be normalised (`normalizeEmail`): that is the form stored. */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * The user's row, locked until the transaction ends (`SELECT … FOR UPDATE`): one person's fulfilments then run one
 * after another, on one server or several sharing the database, so two checkouts cannot both find them Free.
 */
export async function lockUser(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
  const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
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

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * The plan a payment or a change of plan leaves the person on (rules.md "Membership and payments"). What the person
 * pays for from now on replaces a complimentary grant (decision 037).
 */
export async function setMembership(db: DbOrTx, userId: string, membership: Membership): Promise<void> {
  await db
    .update(users)
    .set({
      plan: membership.plan,
      subscription: membership.subscription,
      expireAt: membership.expireAt,
      complimentary: false,
    })
    .where(eq(users.id, userId));
}
