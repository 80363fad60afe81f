import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PEOPLE_PAGE_SIZE, type AdminPeopleQuery, type AdminPerson } from '@turtle/shared/admin';
import type { DbOrTx } from '../../db/database';
import { recordAudit } from '../../core/audit/audit.repository';
import { identities, sessions, users } from '../../core/identity/identity.tables';
import { lockUser } from '../../core/identity/users.repository';

// Written out in full: inside a subquery, drizzle would name a column without its table, and `id` is the sessions' own.
const userId = sql`"users"."id"`;
const lastSignIn = sql<Date | null>`(select max(s.created_at) from ${sessions} s where s.user_id = ${userId})`;
const hasIdentity = sql<boolean>`exists (select 1 from ${identities} i where i.user_id = ${userId})`;
const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  plan: users.plan,
  expireAt: users.expireAt,
  passwordHash: users.passwordHash,
  createdAt: users.createdAt,
  lastSignIn,
  hasIdentity,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  complimentary: users.complimentary,
};

/** `%`, `_` and `\` match themselves in the search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * One page of people, searched by name or email and sorted; the content of their material is never read. The page's
 * ids are found first and only its 50 people are read in full: with 100,000 people a far page read every skipped
 * person's sign-ins (seconds; scripts/bench/admin.ts). Sorting by the last sign-in joins each person's newest session.
 */
export async function listPeople(
  db: DbOrTx,
  query: AdminPeopleQuery,
): Promise<{ people: Omit<AdminPerson, 'counts'>[]; total: number }> {
  const where: SQL | undefined = query.q
    ? or(ilike(users.name, likePattern(query.q)), ilike(users.email, likePattern(query.q)))
    : undefined;
  const direction = query.order === 'asc' ? asc : desc;
  const signIns = db
    .select({ userId: sessions.userId, at: sql<Date>`max(${sessions.createdAt})`.as('at') })
    .from(sessions)
    .groupBy(sessions.userId)
    .as('sign_ins');
  const ids =
    query.sort === 'lastSignIn'
      ? db
          .select({ id: users.id })
          .from(users)
          .leftJoin(signIns, eq(signIns.userId, users.id))
          .where(where)
          .orderBy(sql`${direction(signIns.at)} nulls last`, asc(users.id))
          .limit(ADMIN_PEOPLE_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PEOPLE_PAGE_SIZE)
      : db
          .select({ id: users.id })
          .from(users)
          .where(where)
          .orderBy(
            sql`${direction({ signedUp: users.createdAt, name: users.name, email: users.email }[query.sort])} nulls last`,
            asc(users.id),
          )
          .limit(ADMIN_PEOPLE_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PEOPLE_PAGE_SIZE);
  const [page, [count]] = await Promise.all([
    ids,
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  const rows = page.length
    ? await db
        .select(personColumns)
        .from(users)
        .where(
          inArray(
            users.id,
            page.map((row) => row.id),
          ),
        )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    total: count?.total ?? 0,
    people: page.flatMap((row) => {
      const person = byId.get(row.id);
      return person ? [toAdminPerson(person)] : [];
    }),
  };
}

export interface PersonRow {
  id: string;
  name: string;
  email: string;
  role: number;
  plan: number;
  expireAt: number;
  passwordHash: string | null;
  createdAt: Date;
  lastSignIn: Date | string | null;
  hasIdentity: boolean;
  suspendedAt: number | null;
  suspensionReason: string | null;
  complimentary: boolean;
}

/** A person as the console shows them: how they sign in, never their password hash. */
export function toAdminPerson(row: PersonRow): Omit<AdminPerson, 'counts'> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    signInMethod: row.passwordHash ? (row.hasIdentity ? 'both' : 'password') : 'third-party',
    plan: row.plan,
    expireAt: row.expireAt,
    signedUpAt: row.createdAt.getTime(),
    lastSignInAt: row.lastSignIn ? new Date(row.lastSignIn).getTime() : null,
    suspendedAt: row.suspendedAt,
    suspensionReason: row.suspensionReason,
    complimentary: row.complimentary,
  };
}

/** One person as the console shows them, or undefined. */
export async function findPerson(db: DbOrTx, id: string): Promise<Omit<AdminPerson, 'counts'> | undefined> {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, id));
  return row && toAdminPerson(row);
}

/** Ends every session of the person, with its audit entry, in one transaction; undefined when nobody has the id. */
export function signOutEverywhere(db: DbOrTx, actorId: string, personId: string): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const person = await lockUser(tx, personId);
    if (!person) return undefined;
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, personId)))
      .returning({ id: sessions.id });
    await recordAudit(tx, {
      actorId,
      via: 'console',
      action: 'sign out everywhere',
      targetId: person.id,
      targetEmail: person.email,
      before: { sessions: ended.length },
      after: { sessions: 0 },
    });
    return ended.length;
  });
}
