import { and, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PEOPLE_PAGE_SIZE, type AdminPeopleQuery, type AdminPerson } from '@turtle/shared/admin';
import type { DbOrTx } from '../../db/database';
import { recordAudit } from '../../core/audit/audit.repository';
import { identities, sessions, users } from '../../core/identity/identity.tables';
import { peopleSearch, peopleTotal, personFigures } from '../../core/identity/person-figures.tables';
import { lockUser } from '../../core/identity/users.repository';
import { monthStart, sortKeys } from './people-counts';

// Written out in full: inside a subquery, drizzle would name a column without its table.
const hasIdentity = sql<boolean>`exists (select 1 from ${identities} i where i.user_id = "users"."id")`;
const personColumns = (month: string) => ({
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  plan: users.plan,
  expireAt: users.expireAt,
  passwordHash: users.passwordHash,
  createdAt: users.createdAt,
  lastSignIn: personFigures.lastSignIn,
  hasIdentity,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  complimentary: users.complimentary,
  repliesThisMonth: sql<
    number | null
  >`case when ${personFigures.repliesMonth} = ${month} then ${personFigures.replies} else 0 end`,
  cards: personFigures.cards,
  lessons: personFigures.lessons,
});

/** `%`, `_` and `\` match themselves in the search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * How many people a search matches, as the page's `ilike` finds them: `ilike` lowers both sides and compares them with
 * `like` (a UTF-8 database), so the lowered copies kept in `people_search` give the same count from narrow rows, with
 * no lowering of every account's email and name (decision 037 "A search, counted").
 */
async function countMatches(db: DbOrTx, q: string): Promise<number> {
  const pattern = sql`lower(${likePattern(q)})`;
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(peopleSearch)
    .where(or(like(peopleSearch.email, pattern), like(peopleSearch.name, pattern)));
  return Number(row?.total ?? 0);
}

/**
 * One page of people, searched by name or email and sorted by any column; the content of their material is never
 * read. The page's ids are found first, through an index of the sorted column (`users`' own, or the figures kept for
 * each person: people-counts.ts), and only its 50 people are read in full. Without a search the total is the one kept
 * as accounts come and go, and a search's matches are counted in the lowered copies (`countMatches`) (decision 037 "The people list at scale"). A page past the middle is read from the other
 * end, sorted the other way and turned round: skipping rows costs a row each, so no page skips more than half.
 */
export async function listPeople(
  db: DbOrTx,
  query: AdminPeopleQuery,
): Promise<{ people: AdminPerson[]; total: number }> {
  // The email first: a search matching many people is mostly part of an address (a domain), and a row whose first
  // test matches is not tested again (decision 037 "A search matching everyone").
  const where: SQL | undefined = query.q
    ? or(ilike(users.email, likePattern(query.q)), ilike(users.name, likePattern(query.q)))
    : undefined;
  const total = query.q
    ? await countMatches(db, query.q)
    : await db
        .select({ total: peopleTotal.people })
        .from(peopleTotal)
        .then(([row]) => Number(row?.total ?? 0));
  const offset = (query.page - 1) * ADMIN_PEOPLE_PAGE_SIZE;
  if (offset >= total) return { total, people: [] };
  const size = Math.min(ADMIN_PEOPLE_PAGE_SIZE, total - offset);
  const fromEnd = offset + size / 2 > total / 2;
  const order = sortKeys(query.sort, query.order, fromEnd);
  const ids =
    order.table === 'users'
      ? db.select({ id: users.id }).from(users).where(where)
      : where
        ? db
            .select({ id: personFigures.userId })
            .from(personFigures)
            .innerJoin(users, eq(users.id, personFigures.userId))
            .where(where)
        : db.select({ id: personFigures.userId }).from(personFigures);
  const read = await ids
    .orderBy(...order.keys)
    .limit(size)
    .offset(fromEnd ? total - offset - size : offset);
  const page = fromEnd ? read.reverse() : read;
  const byId = new Map(
    (
      await readPeople(
        db,
        page.map((row) => row.id),
      )
    ).map((person) => [person.id, person]),
  );
  return { total, people: page.flatMap((row) => byId.get(row.id) ?? []) };
}

/** The people with these ids as the console shows them, with their counts; in no particular order. */
export async function readPeople(db: DbOrTx, ids: string[]): Promise<AdminPerson[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(personColumns(monthStart()))
    .from(users)
    .leftJoin(personFigures, eq(personFigures.userId, users.id))
    .where(inArray(users.id, ids));
  return rows.map(toAdminPerson);
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
  repliesThisMonth: number | null;
  cards: number | null;
  lessons: number | null;
}

/** A person as the console shows them: how they sign in, never their password hash. */
export function toAdminPerson(row: PersonRow): AdminPerson {
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
    counts: {
      repliesThisMonth: Number(row.repliesThisMonth ?? 0),
      cards: Number(row.cards ?? 0),
      lessons: Number(row.lessons ?? 0),
    },
  };
}

/** One person as the console shows them, or undefined. */
export async function findPerson(db: DbOrTx, id: string): Promise<AdminPerson | undefined> {
  const [person] = await readPeople(db, [id]);
  return person;
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
