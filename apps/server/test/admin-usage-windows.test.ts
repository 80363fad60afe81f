import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../src/db/database';
import { replyUsage, replyUsageDays, replyUsagePersonWindows, replyUsageWindows, users } from '../src/db/schema';
import { periodStart } from '../src/features/admin/business.repository';
import { KEPT_PERIODS } from '../src/features/admin/heaviest-kept';
import { usageSince } from '../src/features/admin/usage.repository';
import { ModelPricesSchema } from '../src/config/model-prices';
import { createUser } from './support/factories';
import { recordReplyAt } from './support/reply-usage';
import { useTestServer } from './support/use-test-server';

// docs/decisions/037-administrators.md "The heaviest users, kept by period": each person's sums over the console's
// own periods (7, 30 and 90 days to today) are kept as replies are kept and moved a day at a time as the days go by.
// Each is checked against the same sums counted from the replies themselves (`reply_usage`, a row a reply).
const server = useTestServer();
const prices = ModelPricesSchema.parse('m-priced=2/8');
// A year past every other file's days, each run its own: the windows end on this test's days while it reads them.
const year = 9700 + randomInt(0, 290);
const DAY0 = Date.parse(`${year}-06-01T00:00:00Z`);
const at = (day: number, hour = 12) => DAY0 + day * DAY_MS + hour * 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

afterEach(() => {
  vi.useRealTimers();
});

/** One reply kept as the assistant keeps it, at `when` (support/reply-usage.ts). */
const ask = (userId: string, when: number, model: string, promptTokens: number, completionTokens: number) =>
  recordReplyAt(server.database.db, { userId, when, model, promptTokens, completionTokens, counted: true });

type Sum = { userId: string; replies: number; tokens: number };
const byId = (a: Sum, b: Sum) => (a.userId < b.userId ? -1 : 1);

/** Each of `ids`' replies and tokens over the last `days` UTC days to `now`'s, today included, from the replies. */
async function fromReplies(db: DbOrTx, ids: string[], days: number, now: number): Promise<Sum[]> {
  const since = periodStart(days, now);
  const rows = await db
    .select({
      userId: replyUsage.userId,
      replies: sql<number>`count(*)::int`,
      tokens: sql<number>`sum(${replyUsage.promptTokens} + ${replyUsage.completionTokens})::bigint`,
    })
    .from(replyUsage)
    .where(
      and(
        inArray(replyUsage.userId, ids),
        gte(replyUsage.createdAt, new Date(since)),
        lt(replyUsage.createdAt, new Date(since + days * DAY_MS)),
      ),
    )
    .groupBy(replyUsage.userId);
  return rows.map((row) => ({ userId: row.userId!, replies: Number(row.replies), tokens: Number(row.tokens) }));
}

/**
 * For each console period to `now`'s day: the usage page's heaviest ten (read from the kept sums, which it first moves
 * to that day) are the people with the most tokens counted from the replies, and every person's kept sums equal theirs.
 */
async function check(ids: string[], now: number) {
  const db = server.database.db;
  for (const days of KEPT_PERIODS) {
    const expected = await fromReplies(db, ids, days, now);
    const { heaviest } = await usageSince(db, periodStart(days, now), prices, 200, now);
    // Only this test's people ask in its year's days; a deleted person's replies (no name) may take a place.
    const known = heaviest.filter((row) => row.userId !== null);
    const ranked = [...expected].sort((a, b) => b.tokens - a.tokens || byId(a, b));
    expect(known.length, `${days} days`).toBeGreaterThanOrEqual(Math.min(9, ranked.length));
    expect(
      known.map((row) => [row.userId, row.replies, row.promptTokens + row.completionTokens]),
      `${days} days`,
    ).toEqual(ranked.slice(0, known.length).map((row) => [row.userId, row.replies, row.tokens]));
    // Every person's sums, read while the window is held where it ends on `now`'s day.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select reply_usage_windows_roll(${days}, ${isoDay(now)}::date)`);
      const [window] = await tx.select().from(replyUsageWindows).where(eq(replyUsageWindows.days, days));
      expect(window?.through).toBe(isoDay(now));
      const kept = await tx
        .select({
          userId: replyUsagePersonWindows.userId,
          replies: replyUsagePersonWindows.replies,
          tokens: replyUsagePersonWindows.tokens,
        })
        .from(replyUsagePersonWindows)
        .where(and(eq(replyUsagePersonWindows.days, days), inArray(replyUsagePersonWindows.userId, ids)));
      const sums = kept.map((row) => ({ ...row, replies: Number(row.replies), tokens: Number(row.tokens) }));
      expect(sums.sort(byId), `${days} days`).toEqual((await fromReplies(tx, ids, days, now)).sort(byId));
    });
  }
}

describe('the heaviest users kept by period', () => {
  it('equal the sums counted from the replies as days roll over, plans change, and replies and accounts go', async () => {
    const db = server.database.db;
    const people = await Promise.all(
      Array.from({ length: 13 }, (_, i) =>
        createUser(db, { name: `W${i}`, email: `w${i}-${randomUUID()}@x.test`, plan: i % 4 === 0 ? 1 : 0 }),
      ),
    );
    const ids = people.map((person) => person.id);
    // Days at each window's edges (the 90th, 30th and 7th day back from day 0 and day 1) and inside them.
    const days = [-95, -89, -88, -60, -29, -28, -10, -6, -5, -1, 0];
    for (const day of days) {
      for (const [i, person] of people.entries()) {
        if ((day + i) % 3 === 0) continue;
        const tokens = 1_000 * (((i * 7 + day * 13) % 17) + 17) + i;
        await ask(person.id, at(day, 1 + (i % 20)), i % 2 ? 'm-priced' : 'm-free', tokens, i);
      }
    }
    await check(ids, at(0, 23));

    // A day rolling over: replies just after midnight, while the windows still end yesterday, then read today.
    await ask(people[5]!.id, at(1, 0), 'm-free', 90_000, 1);
    await ask(people[6]!.id, at(1, 0), 'm-priced', 80_000, 2);
    await check(ids, at(1, 9));
    await check(ids, at(1, 10));

    // A change of plan: P1 goes Pro and P4 back to Free; their replies after it are the new plan's, the same person's.
    await db.update(users).set({ plan: 1, expireAt: -1 }).where(eq(users.id, people[1]!.id));
    await db.update(users).set({ plan: 0 }).where(eq(users.id, people[4]!.id));
    await ask(people[1]!.id, at(1, 14), 'm-priced', 70_001, 7);
    await ask(people[4]!.id, at(1, 14), 'm-free', 60_004, 8);
    await ask(people[4]!.id, at(-1, 14), 'm-free', 60_004, 9);
    await check(ids, at(1, 20));

    // A day's sums deleted with their replies (nothing in the app does): P11's yesterday.
    await db
      .delete(replyUsageDays)
      .where(and(eq(replyUsageDays.userId, people[11]!.id), eq(replyUsageDays.day, isoDay(at(0)))));
    await db
      .delete(replyUsage)
      .where(
        and(
          eq(replyUsage.userId, people[11]!.id),
          gte(replyUsage.createdAt, new Date(at(0, 0))),
          lt(replyUsage.createdAt, new Date(at(1, 0))),
        ),
      );
    await check(ids, at(1, 21));

    // A deleted account: its sums leave every window (its replies stay, without a name).
    await db.delete(users).where(eq(users.id, people[12]!.id));
    const left = ids.slice(0, 12);
    await check(left, at(1, 22));
    expect(
      await db.select().from(replyUsagePersonWindows).where(eq(replyUsagePersonWindows.userId, people[12]!.id)),
    ).toEqual([]);

    // Days later: the 7 and 30 days summed afresh, the 90 moved by 39 days; then a day at a time again.
    await check(left, at(40, 8));
    await ask(people[2]!.id, at(41, 3), 'm-priced', 50_002, 3);
    await check(left, at(41, 8));

    // Nothing of this test's days is left for the other files' figures, and the windows end today again.
    await db.delete(users).where(inArray(users.id, ids));
    await db
      .delete(replyUsage)
      .where(and(gte(replyUsage.createdAt, new Date(at(-100, 0))), lt(replyUsage.createdAt, new Date(at(50, 0)))));
    await db
      .delete(replyUsageDays)
      .where(and(gte(replyUsageDays.day, isoDay(at(-100))), lt(replyUsageDays.day, isoDay(at(50)))));
    for (const span of KEPT_PERIODS) {
      await db.execute(sql`select reply_usage_windows_roll(${span}, ${isoDay(Date.now())}::date)`);
    }
  });
});
