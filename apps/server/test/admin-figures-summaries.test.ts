import { randomInt, randomUUID } from 'node:crypto';
import { and, countDistinct, eq, gte, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@turtle/shared/constants';
import type { Tx } from '../src/db/database';
import { activeDays, replyUsageDays, users } from '../src/db/schema';
import { businessFigures, periodStart } from '../src/features/admin/business.repository';
import { marginsSince } from '../src/features/admin/margins';
import { usageSince } from '../src/features/admin/usage.repository';
import type { BillingFigures } from '../src/core/identity/billing-figures';
import { ModelPricesSchema } from '../src/config/model-prices';
import { createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

// docs/decisions/037-administrators.md "At scale": the console reads counts kept as rows are written (people seen a
// day, a week, their last day; usage by day, plan and model; the last day each person asked). Each figure is checked
// against the same figure counted from the rows themselves, in one snapshot, as the console counted them before.
const server = useTestServer();
const prices = ModelPricesSchema.parse('m-priced=2/8');
const noPayments: BillingFigures = {
  subscriptions: { monthly: 0, yearly: 0 },
  ending: 0,
  mrrUsd: 0,
  started: [],
  cancelled: [],
  converted: 0,
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
// 2037 or a year a multiple of 400 later (the same calendar): each run its own days, far from every other file's.
const year = 2037 + 400 * randomInt(0, 19);
const on = (monthDay: string) => `${year}-${monthDay}`;

/** The people-seen figures as counted from `active_days` (every row of the period). */
async function seenFromRows(tx: Tx, sinceDay: string) {
  const week = sql<string>`to_char(date_trunc('week', ${activeDays.day}), 'YYYY-MM-DD')`;
  const [byDay, byWeek, [period]] = await Promise.all([
    tx
      .select({ day: sql<string>`${activeDays.day}::text`, count: sql<number>`count(*)::int` })
      .from(activeDays)
      .where(gte(activeDays.day, sinceDay))
      .groupBy(activeDays.day),
    tx
      .select({ week, count: countDistinct(activeDays.userId) })
      .from(activeDays)
      .where(gte(activeDays.day, sinceDay))
      .groupBy(week),
    tx
      .select({ count: countDistinct(activeDays.userId) })
      .from(activeDays)
      .where(gte(activeDays.day, sinceDay)),
  ]);
  return {
    byDay: new Map(byDay.map((row) => [row.day, Number(row.count)])),
    byWeek: new Map(byWeek.map((row) => [row.week, Number(row.count)])),
    period: Number(period?.count ?? 0),
  };
}

/** The usage sums by day, plan and model and the people who asked, as counted from `reply_usage_days`. */
async function usageFromRows(tx: Tx, sinceDay: string) {
  const recent = gte(replyUsageDays.day, sinceDay);
  const [cells, people] = await Promise.all([
    tx
      .select({
        key: sql<string>`${replyUsageDays.day}::text || '/' || ${replyUsageDays.plan} || '/' || ${replyUsageDays.model}`,
        replies: sql<number>`sum(${replyUsageDays.replies})::bigint`,
        tokens: sql<number>`sum(${replyUsageDays.promptTokens} + ${replyUsageDays.completionTokens})::bigint`,
      })
      .from(replyUsageDays)
      .where(recent)
      .groupBy(replyUsageDays.day, replyUsageDays.plan, replyUsageDays.model),
    tx
      .select({
        plan: sql<number | null>`${replyUsageDays.plan}`,
        people: sql<number>`count(distinct ${replyUsageDays.userId})::int`,
      })
      .from(replyUsageDays)
      .where(recent)
      .groupBy(sql`rollup(${replyUsageDays.plan})`),
  ]);
  return { cells, people: new Map(people.map((row) => [row.plan, Number(row.people)])) };
}

/**
 * In one snapshot (other files write to the same PostgreSQL database meanwhile), the console's figures for the period
 * of `days` ending on `now`, and the same counted from the rows, in a session whose time zone is `timeZone`.
 */
async function compare(days: number, now: number, timeZone: string) {
  await server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    await tx.execute(sql.raw(`set local time zone '${timeZone}'`));
    const since = periodStart(days, now);
    const sinceDay = isoDay(since);
    const figures = await businessFigures(tx, days, noPayments, now);
    const rows = await seenFromRows(tx, sinceDay);
    for (const day of figures.days) expect(day.active, day.day).toBe(rows.byDay.get(day.day) ?? 0);
    for (const week of figures.weeks) {
      // A week the period cuts counts its days inside the period only: the rows of that week are counted from since.
      expect(week.active, week.week).toBe(rows.byWeek.get(week.week) ?? (await cutWeek(tx, week.week, sinceDay)));
    }
    expect(figures.people.active).toBe(rows.period);

    const usage = await usageSince(tx, since, prices);
    const raw = await usageFromRows(tx, sinceDay);
    expect(usage.totals.people).toBe(raw.people.get(null) ?? 0);
    for (const plan of usage.plans) expect(plan.people).toBe(raw.people.get(plan.plan) ?? 0);
    const replies = raw.cells.reduce((total, cell) => total + Number(cell.replies), 0);
    const tokens = raw.cells.reduce((total, cell) => total + Number(cell.tokens), 0);
    expect(usage.totals.replies).toBe(replies);
    expect(usage.totals.promptTokens + usage.totals.completionTokens).toBe(tokens);
    expect(usage.days.reduce((total, day) => total + day.replies, 0)).toBe(replies);
    const margins = await marginsSince(tx, since, days, figures, prices);
    const cost = margins.plans.reduce((total, plan) => total + plan.costUsd, 0);
    expect(cost).toBeCloseTo(usage.totals.costUsd, 9);
  });
}

async function cutWeek(tx: Tx, week: string, sinceDay: string) {
  const sunday = isoDay(Date.parse(week) + 6 * DAY_MS);
  const [row] = await tx
    .select({ count: countDistinct(activeDays.userId) })
    .from(activeDays)
    .where(sql`${activeDays.day} >= ${sinceDay} and ${activeDays.day} <= ${sunday}`);
  return Number(row?.count ?? 0);
}

describe('the console figures kept as rows are written', () => {
  it('equal the figures counted from the rows across a week crossing a month, in any time zone, after a deletion', async () => {
    const db = server.database.db;
    // Far from every other file's rows: a period ending Tuesday 3 March 2037 starts on a Sunday, mid-week, and the
    // week from Monday 23 February runs into March.
    const now = at(on('03-03'));
    const days = ['02-20', '02-22', '02-23', '02-27', '03-01', '03-02', '03-03'].map(on);
    const people = await Promise.all(
      ['Ann', 'Ben', 'Cy', 'Dee'].map((name) => createUser(db, { name, email: `${name}-${randomUUID()}@x.test` })),
    );
    // Written from a session far east of UTC: the days are UTC days, whatever the session's zone.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Kiritimati'`);
      await tx
        .insert(activeDays)
        .values(
          people.flatMap((person, index) =>
            days.filter((_, d) => (d + index) % 2 === 0 || index === 0).map((day) => ({ day, userId: person.id })),
          ),
        );
    });
    await db.insert(replyUsageDays).values(
      people.flatMap((person, index) =>
        days.map((day, d) => ({
          day,
          userId: person.id,
          model: d % 2 ? 'm-priced' : 'm-free',
          plan: index % 2,
          replies: 1 + d,
          promptTokens: 100 * (index + 1),
          completionTokens: 10 * d,
          estimated: d % 3 === 0 ? 1 : 0,
        })),
      ),
    );
    // A second reply on the same day, model and plan adds to its row (as every reply after the first does).
    await db
      .update(replyUsageDays)
      .set({ replies: sql`${replyUsageDays.replies} + 1`, promptTokens: sql`${replyUsageDays.promptTokens} + 7` })
      .where(eq(replyUsageDays.userId, people[1]!.id));
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
      for (const span of [1, 2, 3, 9, 10, 14, 30]) await compare(span, now, zone);
    }
    // The figures counted a known number of people: Ann on every day, the others on alternate days.
    const both = await businessFigures(db, 10, noPayments, now);
    expect(both.people.active).toBe(4);
    expect(both.weeks.find((week) => week.week === on('02-23'))?.active).toBe(4);

    // Days deleted outright (nothing in the app does but an account's deletion): Ann's last day in the week of
    // 23 February moves back to Friday the 27th, and her last day seen to Monday 2 March.
    await db
      .delete(activeDays)
      .where(and(eq(activeDays.userId, people[0]!.id), inArray(activeDays.day, [on('03-01'), on('03-03')])));
    for (const span of [1, 2, 3, 9, 10]) await compare(span, now, 'UTC');

    // A deleted person: their days go, their replies stay without a name.
    await db.delete(users).where(eq(users.id, people[0]!.id));
    await db.delete(users).where(eq(users.id, people[3]!.id));
    for (const span of [1, 3, 10, 30]) await compare(span, now, 'UTC');
    const after = await businessFigures(db, 10, noPayments, now);
    expect(after.people.active).toBe(2);
    const usage = await usageSince(db, periodStart(10, now), prices);
    expect(usage.totals.people).toBe(2);
    expect(usage.totals.replies).toBeGreaterThan(0);

    // Sums deleted outright (nothing in the app does): the totals and the last days follow.
    await db.delete(replyUsageDays).where(eq(replyUsageDays.userId, people[1]!.id));
    for (const span of [3, 10]) await compare(span, now, 'UTC');

    // And the period the console opens by default, today's, on whatever else the database holds.
    await compare(30, Date.now(), 'UTC');
    await compare(90, Date.now(), 'UTC');

    // Nothing of this test's future days is left for the other files' figures of today.
    await db.delete(users).where(inArray(users.id, [people[1]!.id, people[2]!.id]));
    await db.delete(replyUsageDays).where(inArray(replyUsageDays.day, days));
  });
});
