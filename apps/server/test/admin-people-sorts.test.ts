import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PEOPLE_SORTS,
  type AdminPeopleResponse,
  type AdminPerson,
  type AdminUsageResponse,
} from '@turtle/shared/admin';
import { DAY_MS } from '@turtle/shared/constants';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { replyUsageDays } from '../src/core/assistant/assistant.tables';
import { recordReplyUsage } from '../src/core/assistant/reply-usage.repository';
import { identities, sessions, users } from '../src/core/identity/identity.tables';
import { personFigures } from '../src/core/identity/person-figures.tables';
import { lessonProgress } from '../src/features/lessons/lessons.tables';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md "The people list at scale": every column sorts,
// and the counts kept for each person (migration 0034's triggers) stay equal to the rows they count.
const server = useTestServer();
let admin: string;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  const user = await createUser(server.database.db, { name: `Ada ${tag}`, role: ROLE_ADMINISTRATOR });
  admin = await createSessionToken(server.database.db, user.id);
});

const list = async (query: string) => {
  const res = await call(server.url, `/api/admin/people?q=${tag}&${query}`, { cookie: admin });
  expect(res.status).toBe(200);
  return res.data as AdminPeopleResponse;
};
const SIGN_IN_ORDER = ['password', 'both', 'third-party'];
const value = (person: AdminPerson, sort: (typeof ADMIN_PEOPLE_SORTS)[number]): number | string | null => {
  if (sort === 'signedUp') return person.signedUpAt;
  if (sort === 'lastSignIn') return person.lastSignInAt;
  if (sort === 'signInMethod') return SIGN_IN_ORDER.indexOf(person.signInMethod);
  if (sort === 'plan') return person.plan * 1e15 + person.expireAt;
  if (sort === 'name' || sort === 'email') return person[sort];
  return person.counts[sort];
};
const thisMonth = () => new Date().toISOString().slice(0, 10);
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS).toISOString().slice(0, 10);
};
const daySums = (userId: string, day: string, replies: number) => ({
  day,
  userId,
  model: 'm',
  plan: 0,
  replies,
  promptTokens: replies,
  completionTokens: replies,
  estimated: 0,
});
const ask = async (userId: string) => {
  const [user] = await server.database.db.select().from(users).where(eq(users.id, userId));
  await recordReplyUsage(server.database.db, {
    user: user!,
    model: 'm',
    source: 'chat',
    ending: { kind: 'complete' },
    tokens: { promptTokens: 3, completionTokens: 4, counted: true },
  } as Parameters<typeof recordReplyUsage>[1]);
};

const rowsOf = async <T>(query: SQL) => ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Each person's counts as counted from their rows now: what the kept figures must equal. */
async function counted(ids: string[]) {
  const month = thisMonth().slice(0, 8) + '01';
  const rows = await rowsOf<{ id: string; replies: number; cards: number; lessons: number }>(sql`
    select u.id,
      (select coalesce(sum(d.replies), 0)::int from reply_usage_days d where d.user_id = u.id and d.day >= ${month}) as replies,
      (select count(*)::int from cards c where c.user_id = u.id) as cards,
      (select count(*)::int from lesson_progress l where l.user_id = u.id) as lessons
    from users u where u.id in ${ids}`);
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      { repliesThisMonth: Number(row.replies), cards: Number(row.cards), lessons: Number(row.lessons) },
    ]),
  );
}
const shown = async () =>
  Object.fromEntries((await list('sort=name&order=asc')).people.map((person) => [person.id, person.counts]));

describe('the people list sorts and counts', () => {
  it('sorts by every column, both ways, with those never signed in last', async () => {
    const db = server.database.db;
    const made: string[] = [];
    for (let index = 0; index < 4; index++) {
      const person = await createUser(db, {
        name: `${'DBCA'[index]} ${tag}`,
        email: `${'bdac'[index]}-${tag}@example.test`,
        passwordHash: index === 3 ? null : 'x',
        plan: index % 2,
        expireAt: index % 2 ? Date.now() + (index + 1) * DAY_MS : -1,
        createdAt: new Date(Date.now() - index * 60_000),
      });
      made.push(person.id);
    }
    await db.insert(identities).values({ issuer: 'https://idp.test', subject: `s-${tag}`, userId: made[1]! });
    await db.insert(replyUsageDays).values([daySums(made[0]!, thisMonth(), 2), daySums(made[2]!, thisMonth(), 5)]);
    await db.insert(replyUsageDays).values(daySums(made[3]!, lastMonth(), 9));
    await db.insert(lessonProgress).values([
      { userId: made[1]!, lessonId: '1', updatedAt: 1 },
      { userId: made[1]!, lessonId: '2', updatedAt: 1 },
      { userId: made[2]!, lessonId: '1', updatedAt: 1 },
    ]);
    await createSessionToken(db, made[2]!, undefined, new Date(Date.now() - 5 * 60_000));
    await createSessionToken(db, made[0]!, undefined, new Date(Date.now() - 60_000));

    for (const sort of ADMIN_PEOPLE_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        const { people } = await list(`sort=${sort}&order=${order}`);
        const values = people.filter((person) => made.includes(person.id)).map((person) => value(person, sort));
        const known = values.filter((item) => item !== null);
        const sorted = [...known].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0));
        expect(known, `${sort} ${order}`).toEqual(order === 'asc' ? sorted : sorted.reverse());
        // Never signed in: last either way.
        if (sort === 'lastSignIn') expect(values.slice(known.length).every((item) => item === null)).toBe(true);
      }
    }
    const byReplies = await list('sort=repliesThisMonth&order=desc');
    expect(byReplies.people.slice(0, 2).map((person) => person.id)).toEqual([made[2], made[0]]);
    // Last month's nine replies are none this month.
    expect(byReplies.people.find((person) => person.id === made[3])!.counts.repliesThisMonth).toBe(0);
    const byMethod = await list('sort=signInMethod&order=asc');
    expect(byMethod.people.filter((p) => made.includes(p.id)).map((p) => p.signInMethod)).toEqual([
      'password',
      'password',
      'both',
      'third-party',
    ]);
  });

  it('keeps the counts equal to the rows as cards, lessons, replies and accounts come and go', async () => {
    const db = server.database.db;
    const busy = await createUser(db, { name: `Busy ${tag}` });
    const other = await createUser(db, { name: `Other ${tag}` });
    const cookie = await createSessionToken(db, busy.id);
    const ids = [busy.id, other.id];
    const deck = (await call(server.url, '/api/cards/decks/create', { json: { name: 'Counted' }, cookie })).data as {
      deck: { id: string };
    };
    for (const front of ['one', 'two', 'three']) {
      const made = await call(server.url, '/api/cards/create', {
        json: { deck: { deckId: deck.deck.id }, card: { kind: 'basic', front, back: 'x' } },
        cookie,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(made.status).toBe(200);
    }
    await call(server.url, '/api/lessons/progress', { json: { lessonId: '1', positionMs: 1000 }, cookie });
    await call(server.url, '/api/lessons/progress', { json: { lessonId: '2', positionMs: 1000 }, cookie });
    for (let index = 0; index < 3; index++) await ask(busy.id);
    await ask(other.id);
    expect((await shown())[busy.id]).toEqual({ repliesThisMonth: 3, cards: 3, lessons: 2 });
    expect(await shown()).toMatchObject(await counted(ids));

    const [card] = await rowsOf<{ id: string }>(
      sql`select note_id as id from cards where user_id = ${busy.id} limit 1`,
    );
    expect((await call(server.url, '/api/cards/delete', { json: { id: card!.id }, cookie })).status).toBe(200);
    await db.delete(lessonProgress).where(eq(lessonProgress.lessonId, '1'));
    await db.delete(replyUsageDays).where(eq(replyUsageDays.userId, other.id));
    expect((await shown())[busy.id]).toEqual({ repliesThisMonth: 3, cards: 2, lessons: 1 });
    expect((await shown())[other.id]).toEqual({ repliesThisMonth: 0, cards: 0, lessons: 0 });
    expect(await shown()).toMatchObject(await counted(ids));

    // The last sign-in follows the sessions; the total follows the accounts.
    const before = (await call(server.url, '/api/admin/people', { cookie: admin })).data as AdminPeopleResponse;
    await db.delete(sessions).where(eq(sessions.userId, busy.id));
    expect((await shown())[busy.id]).toBeDefined();
    expect((await list('sort=name&order=asc')).people.find((p) => p.id === busy.id)!.lastSignInAt).toBeNull();
    await db.delete(users).where(eq(users.id, busy.id));
    const after = (await call(server.url, '/api/admin/people', { cookie: admin })).data as AdminPeopleResponse;
    expect(after.total).toBe(before.total - 1);
    expect(await db.select().from(personFigures).where(eq(personFigures.userId, busy.id))).toEqual([]);
    const [all] = await rowsOf<{ total: number }>(sql`select count(*)::int as total from users`);
    expect(after.total).toBe(Number(all!.total));
  });

  it('counts replies in this UTC month only: a new month starts from none, a late reply for the last one adds none', async () => {
    const db = server.database.db;
    const person = await createUser(db, { name: `Months ${tag}` });
    const repliesOf = async () =>
      (await list('sort=name&order=asc')).people.find((p) => p.id === person.id)!.counts.repliesThisMonth;
    await db.insert(replyUsageDays).values(daySums(person.id, lastMonth(), 7));
    expect(await repliesOf()).toBe(0);
    await ask(person.id);
    await ask(person.id);
    expect(await repliesOf()).toBe(2);
    // A reply kept just after midnight for the month before, and more of that month's sums.
    await db.insert(replyUsageDays).values({ ...daySums(person.id, lastMonth(), 4), model: 'late' });
    expect(await repliesOf()).toBe(2);
    const [figures] = await db.select().from(personFigures).where(eq(personFigures.userId, person.id));
    expect(figures).toMatchObject({ repliesMonth: thisMonth().slice(0, 8) + '01', replies: 2, tokens: 14 + 8 + 2 * 7 });
  });
});

describe('the heaviest users', () => {
  /**
   * The top ten are read from everyone's usage, and on PostgreSQL the suite's files share one database: the usage other
   * files kept would push these people out of the ten (the PostgreSQL pass of the whole suite failed so).
   */
  const withoutOtherUsage = () => server.database.db.delete(replyUsageDays);

  it('are those with the most tokens in the period, not of all time', async () => {
    const db = server.database.db;
    await withoutOtherUsage();
    const old = await createUser(db, { name: `Old ${tag}` });
    const recent = await createUser(db, { name: `Recent ${tag}` });
    const longAgo = new Date(Date.now() - 100 * DAY_MS).toISOString().slice(0, 10);
    await db
      .insert(replyUsageDays)
      .values([
        daySums(old.id, longAgo, 1_000_000),
        daySums(old.id, thisMonth(), 1),
        daySums(recent.id, thisMonth(), 50),
      ]);
    const usage = async (days: number) =>
      ((await call(server.url, `/api/admin/usage?days=${days}`, { cookie: admin })).data as AdminUsageResponse).heaviest
        .filter((row) => row.userId === old.id || row.userId === recent.id)
        .map((row) => [row.userId, row.promptTokens + row.completionTokens]);
    expect(await usage(7)).toEqual([
      [recent.id, 100],
      [old.id, 2],
    ]);
    expect(await usage(366)).toEqual([
      [old.id, 2_000_002],
      [recent.id, 100],
    ]);
  });

  it('are exact when the all-time bound cannot end it early: every day of the period is then added up', async () => {
    const db = server.database.db;
    await withoutOtherUsage();
    const longAgo = new Date(Date.now() - 200 * DAY_MS).toISOString().slice(0, 10);
    const many = Array.from({ length: 220 }, (_, index) => ({
      id: randomUUID(),
      name: `Many ${index} ${tag}`,
      email: `many-${index}-${tag}@example.test`,
    }));
    await db.insert(users).values(many);
    // The last ten used the least of all time and the most in the period.
    await db
      .insert(replyUsageDays)
      .values(
        many.flatMap((person, index) => [
          daySums(person.id, longAgo, 10_000 - index),
          daySums(person.id, thisMonth(), index >= 210 ? 1_000 + index : 1),
        ]),
      );
    const { heaviest } = (await call(server.url, '/api/admin/usage?days=7', { cookie: admin }))
      .data as AdminUsageResponse;
    expect(heaviest.map((row) => row.userId)).toEqual(
      many
        .slice(210)
        .reverse()
        .map((person) => person.id),
    );
  });
});
