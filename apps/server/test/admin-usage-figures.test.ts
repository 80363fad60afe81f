import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUsageResponse, UsageFigures } from '@turtle/shared/admin';
import { DAY_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../src/db/database';
import { replyUsage, replyUsageDays, replyUsagePersonDays, users } from '../src/db/schema';
import { periodStart } from '../src/features/admin/business.repository';
import { usageSince } from '../src/features/admin/usage.repository';
import { costUsd, ModelPricesSchema } from '../src/config/model-prices';
import { createUser } from './support/factories';
import { recordReplyAt } from './support/reply-usage';
import { useTestServer } from './support/use-test-server';

// docs/decisions/037-administrators.md "Usage and cost" and "The heaviest users": the usage page reads sums kept as
// replies are kept (by day, plan and model; by person and day). Every figure of the page is checked against the same
// figure counted from the replies themselves (`reply_usage`, a row a reply), in one snapshot.
const server = useTestServer();
const prices = ModelPricesSchema.parse('m-priced=2/8');
const MODELS = ['m-priced', 'm-free'];
const at = (day: string, hour = 12) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
// Years past every other file's days (the period runs from its first day on): each run its own.
const year = 9700 + randomInt(0, 290);
const on = (monthDay: string) => `${year}-${monthDay}`;

afterEach(() => {
  vi.useRealTimers();
});

type Figures = UsageFigures & { estimated: number };
const zero = (): Figures => ({ replies: 0, promptTokens: 0, completionTokens: 0, costUsd: 0, estimated: 0 });
const round = <T extends UsageFigures>(figures: T): T => ({
  ...figures,
  costUsd: Math.round(figures.costUsd * 1e9) / 1e9,
});

/** The usage page's answer, counted from every reply of the period. */
async function fromReplies(db: DbOrTx, since: number) {
  const rows = await db
    .select({
      day: sql<string>`to_char(${replyUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      userId: replyUsage.userId,
      name: users.name,
      email: users.email,
      model: replyUsage.model,
      plan: replyUsage.plan,
      promptTokens: replyUsage.promptTokens,
      completionTokens: replyUsage.completionTokens,
      counted: replyUsage.counted,
    })
    .from(replyUsage)
    .leftJoin(users, eq(users.id, replyUsage.userId))
    .where(gte(replyUsage.createdAt, new Date(since)));
  const days = new Map<string, Figures>();
  const models = new Map<string, Figures>();
  const plans = new Map<number, Figures & { people: Set<string> }>();
  const people = new Map<string | null, Figures & { name: string | null; email: string | null }>();
  const totals = zero();
  const everyone = new Set<string>();
  for (const row of rows) {
    const cost = costUsd(prices, row.model, row.promptTokens, row.completionTokens) ?? 0;
    const plan = plans.get(row.plan) ?? { ...zero(), people: new Set<string>() };
    plans.set(row.plan, plan);
    const person = people.get(row.userId) ?? { ...zero(), name: row.name, email: row.email };
    people.set(row.userId, person);
    for (const into of [
      totals,
      plan,
      person,
      days.get(row.day) ?? days.set(row.day, zero()).get(row.day)!,
      models.get(row.model) ?? models.set(row.model, zero()).get(row.model)!,
    ]) {
      into.replies += 1;
      into.promptTokens += row.promptTokens;
      into.completionTokens += row.completionTokens;
      into.costUsd += cost;
      into.estimated += row.counted ? 0 : 1;
    }
    if (row.userId) {
      plan.people.add(row.userId);
      everyone.add(row.userId);
    }
  }
  const figures = ({ replies, promptTokens, completionTokens, costUsd: cost }: Figures) =>
    round({ replies, promptTokens, completionTokens, costUsd: cost });
  const tokens = (figures: Figures) => figures.promptTokens + figures.completionTokens;
  return {
    totals: { ...figures(totals), people: everyone.size, estimatedReplies: totals.estimated },
    days: [...days].map(([day, sums]) => ({ day, ...figures(sums) })).sort((a, b) => a.day.localeCompare(b.day)),
    models: [...models]
      .map(([model, sums]) => ({
        model,
        priced: prices[model] !== undefined,
        estimatedReplies: sums.estimated,
        ...figures(sums),
      }))
      .sort((a, b) => a.model.localeCompare(b.model)),
    plans: [...plans]
      .map(([plan, sums]) => ({ plan, people: sums.people.size, ...figures(sums) }))
      .sort((a, b) => a.plan - b.plan),
    // No two people of this test use the same number of tokens: the ten are one list.
    heaviest: [...people]
      .sort(([, a], [, b]) => tokens(b) - tokens(a))
      .slice(0, 10)
      .map(([userId, sums]) => ({ userId, name: sums.name, email: sums.email, ...figures(sums) })),
    unpriced: [...models.keys()].filter((model) => prices[model] === undefined).sort(),
  };
}

/** The page's answer in the comparison's order (models by name) and rounding (costs to a billionth of a dollar). */
function comparable(usage: Omit<AdminUsageResponse, 'since'>) {
  return {
    totals: { ...usage.totals, costUsd: round(usage.totals).costUsd },
    days: usage.days.map(round),
    models: [...usage.models].map(round).sort((a, b) => a.model.localeCompare(b.model)),
    plans: usage.plans.map(round),
    heaviest: usage.heaviest.map(round),
    unpriced: usage.unpriced,
  };
}

/** In one snapshot, the page's figures of the last `days` days to `now` equal those counted from the replies. */
async function compare(days: number, now: number) {
  await server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const since = periodStart(days, now);
    const expected = await fromReplies(tx, since);
    // Few people taken a round reach the rounds that end early, those that do not and the read of everyone.
    for (const candidates of [1, 3, 200]) {
      expect(comparable(await usageSince(tx, since, prices, candidates)), `${days} days, ${candidates}`).toEqual(
        expected,
      );
    }
    // Each person's day is the sum of their days' sums over models and plans.
    const kept = await tx
      .select({
        key: sql<string>`${replyUsagePersonDays.day}::text || '/' || ${replyUsagePersonDays.userId}`,
        replies: replyUsagePersonDays.replies,
        tokens: replyUsagePersonDays.tokens,
      })
      .from(replyUsagePersonDays)
      .where(gte(replyUsagePersonDays.day, on('01-01')));
    const summed = await tx
      .select({
        key: sql<string>`${replyUsageDays.day}::text || '/' || ${replyUsageDays.userId}`,
        replies: sql<number>`sum(${replyUsageDays.replies})::bigint`,
        tokens: sql<number>`sum(${replyUsageDays.promptTokens} + ${replyUsageDays.completionTokens})::bigint`,
      })
      .from(replyUsageDays)
      .where(and(gte(replyUsageDays.day, on('01-01')), isNotNull(replyUsageDays.userId)))
      .groupBy(replyUsageDays.day, replyUsageDays.userId);
    const byKey = (rows: { key: string; replies: number; tokens: number }[]) =>
      rows
        .map((row) => ({ key: row.key, replies: Number(row.replies), tokens: Number(row.tokens) }))
        .sort((a, b) => a.key.localeCompare(b.key));
    expect(byKey(kept)).toEqual(byKey(summed));
  });
}

/** One reply kept as the assistant keeps it, at `when` (support/reply-usage.ts). */
const ask = (userId: string, when: number, model: string, promptTokens: number, completionTokens: number) =>
  recordReplyAt(server.database.db, {
    userId,
    when,
    model,
    promptTokens,
    completionTokens,
    counted: completionTokens % 2 === 0,
  });

describe('the usage figures kept as replies are kept', () => {
  it('equal the figures counted from the replies across days, models, plans, a change of plan and deletions', async () => {
    const db = server.database.db;
    // Thirteen people, so the heaviest ten leave some out; each reply of person i takes about a million tokens plus i,
    // so no two people's sums are equal.
    const people = await Promise.all(
      Array.from({ length: 13 }, (_, i) =>
        createUser(db, { name: `P${i}`, email: `p${i}-${randomUUID()}@x.test`, plan: i % 4 === 0 ? 1 : 0 }),
      ),
    );
    const days = ['01-20', '01-27', '01-31', '02-01', '02-03', '02-09', '02-14', '02-15'].map(on);
    for (const [d, day] of days.entries()) {
      for (const [i, person] of people.entries()) {
        // Person i asks on the days d where (d + i) % 3 is not 0, i % 3 + 1 times, a reply on each model in turn.
        if ((d + i) % 3 === 0) continue;
        for (let n = 0; n <= i % 3; n++) {
          await ask(person.id, at(day, 1 + n), MODELS[(i + n) % 2]!, 1_000_000 + i, 100 * (i % 3) + (n % 2));
        }
      }
    }
    const now = at(on('02-15'), 23);
    for (const span of [1, 2, 7, 16, 20, 30, 60]) await compare(span, now);

    // A change of plan in the middle of the month: P1 goes Pro on 9 February, P4 back to Free; their replies after it
    // are the new plan's.
    await db.update(users).set({ plan: 1, expireAt: -1 }).where(eq(users.id, people[1]!.id));
    await db.update(users).set({ plan: 0 }).where(eq(users.id, people[4]!.id));
    for (const day of [on('02-09'), on('02-14')]) {
      await ask(people[1]!.id, at(day, 20), 'm-priced', 1_000_001, 7);
      await ask(people[4]!.id, at(day, 20), 'm-free', 1_000_004, 8);
      await ask(people[1]!.id, at(day, 21), 'm-priced', 1_000_001, 9);
    }
    for (const span of [1, 7, 16, 30]) await compare(span, now);

    // A deleted account: its replies stay without a name, one of the heaviest as a whole.
    await db.delete(users).where(eq(users.id, people[12]!.id));
    for (const span of [1, 7, 30]) await compare(span, now);

    // A day's sums deleted outright, with the replies they counted (nothing in the app does): P11's 3 February.
    const gone = and(eq(replyUsageDays.userId, people[11]!.id), eq(replyUsageDays.day, on('02-03')));
    await db.delete(replyUsageDays).where(gone);
    await db
      .delete(replyUsage)
      .where(
        and(
          eq(replyUsage.userId, people[11]!.id),
          gte(replyUsage.createdAt, new Date(at(on('02-03'), 0))),
          lt(replyUsage.createdAt, new Date(at(on('02-03'), 0) + DAY_MS)),
        ),
      );
    for (const span of [1, 13, 30]) await compare(span, now);

    // Nothing of this test's future days is left for the other files' figures.
    const ids = people.map((person) => person.id);
    await db.delete(users).where(inArray(users.id, ids));
    await db.delete(replyUsage).where(gte(replyUsage.createdAt, new Date(at(on('01-01'), 0))));
    await db.delete(replyUsageDays).where(gte(replyUsageDays.day, on('01-01')));
  });
});
