import { and, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AdminUsageResponse, UsageFigures } from '@turtle/shared/admin';
import type { ModelPrice } from '../../config/model-prices';
import { costUsd } from '../../config/model-prices';
import type { DbOrTx } from '../../db/database';
import { replyUsageDays as replyUsage } from '../../core/assistant/assistant.tables';
import { users } from '../../core/identity/identity.tables';
import { personFigures } from '../../core/identity/person-figures.tables';
import {
  ANY_PLAN,
  replyUsageLastCounts,
  replyUsagePersonDays as personDays,
  replyUsageTotals,
} from '../../core/assistant/usage-figures.tables';
import { heaviestKept } from './heaviest-kept';

const HEAVIEST = 10;
const CANDIDATES = 200;
const CANDIDATE_ROUNDS = 5;

type Heavy = { userId: string | null; tokens: number };

/** Most tokens first; equal tokens by id, a deleted person's (no id) last, as the read of everyone orders them. */
const heavierFirst = (a: Heavy, b: Heavy) =>
  b.tokens - a.tokens ||
  (a.userId === b.userId ? 0 : a.userId === null ? 1 : b.userId === null ? -1 : a.userId < b.userId ? -1 : 1);

/**
 * The ten people whose replies took the most tokens in the period, most first (decision 037 "The heaviest users").
 * A console period ending today (7, 30 or 90 days) reads them from each person's sums kept over it (heaviest-kept.ts).
 * Any other period:
 * People are taken by their tokens of all time (`person_figures.tokens`, kept from the days' sums), most first, and
 * only their own days of the period are added up: no one not yet taken can have more in the period than the last one
 * taken has of all time, so once ten have at least that the ten are exact. When the period holds much less than all
 * time and usage is even, that may not come: after `CANDIDATE_ROUNDS` rounds, or sooner when the tenth has less than
 * half the bound, every person's days of the period are added up, a row a person a day (`reply_usage_person_days`,
 * every model and plan of the day in one), never a row a person, day, model and plan.
 */
async function heaviestOf(db: DbOrTx, sinceDay: string, candidates: number, now: number): Promise<(string | null)[]> {
  const tokens = sql<number>`sum(${replyUsage.promptTokens} + ${replyUsage.completionTokens})`;
  const personTokens = sql<number>`sum(${personDays.tokens})`;
  const inPeriod = gte(personDays.day, sinceDay);
  // A deleted person's days (no name) are added up apart, as one.
  const [gone] = await db
    .select({ tokens })
    .from(replyUsage)
    .where(and(isNull(replyUsage.userId), gte(replyUsage.day, sinceDay)));
  const goneRow: Heavy[] = gone?.tokens == null ? [] : [{ userId: null, tokens: Number(gone.tokens) }];
  // The console's own periods: the ten read from the sums kept by person over the period.
  const kept = await heaviestKept(db, sinceDay, now, HEAVIEST);
  if (kept) {
    return [...goneRow, ...kept]
      .sort(heavierFirst)
      .slice(0, HEAVIEST)
      .map((row) => row.userId);
  }
  const found: Heavy[] = [...goneRow];
  let after: { tokens: number; userId: string } | undefined;
  for (let round = 0; round < CANDIDATE_ROUNDS; round++) {
    const taken = await db
      .select({ userId: personFigures.userId, tokens: personFigures.tokens })
      .from(personFigures)
      .where(after && sql`(${personFigures.tokens}, ${personFigures.userId}) < (${after.tokens}, ${after.userId})`)
      .orderBy(desc(personFigures.tokens), desc(personFigures.userId))
      .limit(candidates);
    if (taken.length > 0) {
      const sums = await db
        .select({ userId: personDays.userId, tokens: personTokens })
        .from(personDays)
        .where(
          and(
            inArray(
              personDays.userId,
              taken.map((row) => row.userId),
            ),
            inPeriod,
          ),
        )
        .groupBy(personDays.userId);
      found.push(...sums.map((row) => ({ userId: row.userId, tokens: Number(row.tokens) })));
      found.sort(heavierFirst);
      found.splice(HEAVIEST);
    }
    const last = taken.at(-1);
    if (!last || taken.length < candidates) return found.map((row) => row.userId);
    if (found.length === HEAVIEST && found.at(-1)!.tokens >= Number(last.tokens)) return found.map((row) => row.userId);
    // Far from the bound: more rounds would not end it.
    if (found.length === HEAVIEST && found.at(-1)!.tokens < Number(last.tokens) / 2) break;
    after = { tokens: Number(last.tokens), userId: last.userId };
  }
  const every = await db
    .select({ userId: personDays.userId, tokens: personTokens })
    .from(personDays)
    .where(inPeriod)
    .groupBy(personDays.userId)
    .orderBy(desc(sql`2`), sql`${personDays.userId} collate "C"`)
    .limit(HEAVIEST);
  return [...goneRow, ...every.map((row) => ({ userId: row.userId, tokens: Number(row.tokens) }))]
    .sort(heavierFirst)
    .slice(0, HEAVIEST)
    .map((row) => row.userId);
}

// The heaviest users' figures read the daily sums by person (reply_usage_days), never every reply.
const sums = {
  replies: sql<number>`coalesce(sum(${replyUsage.replies}), 0)::bigint`,
  promptTokens: sql<number>`coalesce(sum(${replyUsage.promptTokens}), 0)::bigint`,
  completionTokens: sql<number>`coalesce(sum(${replyUsage.completionTokens}), 0)::bigint`,
  estimated: sql<number>`coalesce(sum(${replyUsage.estimated}), 0)::bigint`,
};

type Row = { model: string; replies: number; promptTokens: number; completionTokens: number; estimated: number };

/** Adds one model's row into `into`, priced by `prices`. */
function add(into: UsageFigures, row: Row, prices: Record<string, ModelPrice>): void {
  into.replies += Number(row.replies);
  into.promptTokens += Number(row.promptTokens);
  into.completionTokens += Number(row.completionTokens);
  into.costUsd += costUsd(prices, row.model, Number(row.promptTokens), Number(row.completionTokens)) ?? 0;
}

const zero = (): UsageFigures => ({ replies: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 });

/** Groups rows by `key` (each row one model's share), pricing each share by its model. */
function grouped<K extends string | number | null>(
  rows: (Row & { key: K })[],
  prices: Record<string, ModelPrice>,
): Map<K, UsageFigures> {
  const groups = new Map<K, UsageFigures>();
  for (const row of rows) {
    const figures = groups.get(row.key) ?? zero();
    add(figures, row, prices);
    groups.set(row.key, figures);
  }
  return groups;
}

/**
 * The assistant's replies, tokens and estimated cost from the UTC day starting at `since` (decision 037 "Usage and
 * cost"): by day, model and plan, and the heaviest users. Counts only: no reply's text is read.
 */
export async function usageSince(
  db: DbOrTx,
  since: number,
  prices: Record<string, ModelPrice>,
  /** People taken a round for the heaviest users (fewer in tests, to reach every path). */
  candidates = CANDIDATES,
  /** Today is the UTC day of `now`: a console period ending today reads the sums kept for it. */
  now = Date.now(),
): Promise<Omit<AdminUsageResponse, 'since'>> {
  const sinceDay = new Date(since).toISOString().slice(0, 10);
  const recent = gte(replyUsage.day, sinceDay);
  const day = sql<string>`${replyUsageTotals.day}::text`;
  // One pass over the day's totals by plan and model (usage-figures.tables.ts); the days, plans and models are added
  // up from it here. People who asked are those whose last day asking falls in the period, on each plan and on
  // any, counted a day at a time.
  const [cells, people, heavy] = await Promise.all([
    db
      .select({
        day,
        plan: replyUsageTotals.plan,
        model: replyUsageTotals.model,
        replies: replyUsageTotals.replies,
        promptTokens: replyUsageTotals.promptTokens,
        completionTokens: replyUsageTotals.completionTokens,
        estimated: replyUsageTotals.estimated,
      })
      .from(replyUsageTotals)
      // A total whose sums were all deleted stays at zero: it is no model or plan of the period.
      .where(and(gte(replyUsageTotals.day, sinceDay), gt(replyUsageTotals.replies, 0))),
    db
      .select({ plan: replyUsageLastCounts.plan, people: sql<number>`sum(${replyUsageLastCounts.people})::int` })
      .from(replyUsageLastCounts)
      .where(gte(replyUsageLastCounts.day, sinceDay))
      .groupBy(replyUsageLastCounts.plan),
    heaviestOf(db, sinceDay, candidates, now),
  ]);
  const heavyIds = heavy;
  const known = heavyIds.filter((id): id is string => id !== null);
  const heavyWhere = or(
    known.length ? inArray(replyUsage.userId, known) : undefined,
    heavyIds.includes(null) ? isNull(replyUsage.userId) : undefined,
  );
  const heavyRows = heavyIds.length
    ? await db
        .select({ key: replyUsage.userId, model: replyUsage.model, name: users.name, email: users.email, ...sums })
        .from(replyUsage)
        .leftJoin(users, eq(users.id, replyUsage.userId))
        .where(and(recent, heavyWhere))
        .groupBy(replyUsage.userId, replyUsage.model, users.name, users.email)
    : [];

  const byDay = cells.map((cell) => ({ ...cell, key: cell.day }));
  const byPlan = cells.map((cell) => ({ ...cell, key: cell.plan }));
  const modelSums = new Map<string, Row>();
  for (const cell of cells) {
    const sum = modelSums.get(cell.model) ?? {
      model: cell.model,
      replies: 0,
      promptTokens: 0,
      completionTokens: 0,
      estimated: 0,
    };
    sum.replies += Number(cell.replies);
    sum.promptTokens += Number(cell.promptTokens);
    sum.completionTokens += Number(cell.completionTokens);
    sum.estimated += Number(cell.estimated);
    modelSums.set(cell.model, sum);
  }
  const byModel = [...modelSums.values()];
  const totals = zero();
  let estimatedReplies = 0;
  for (const row of byModel) {
    add(totals, row, prices);
    estimatedReplies += Number(row.estimated);
  }
  const peopleOf = new Map(people.map((row) => [row.plan, Number(row.people)]));
  const heavyFigures = grouped(heavyRows, prices);
  const who = new Map(heavyRows.map((row) => [row.key, { name: row.name, email: row.email }]));
  return {
    totals: { ...totals, people: peopleOf.get(ANY_PLAN) ?? 0, estimatedReplies },
    days: [...grouped(byDay, prices)]
      .map(([key, figures]) => ({ day: key, ...figures }))
      .sort((a, b) => a.day.localeCompare(b.day)),
    models: byModel
      .map((row) => {
        const figures = zero();
        add(figures, row, prices);
        return {
          model: row.model,
          priced: prices[row.model] !== undefined,
          estimatedReplies: Number(row.estimated),
          ...figures,
        };
      })
      .sort((a, b) => b.replies - a.replies),
    plans: [...grouped(byPlan, prices)]
      .map(([plan, figures]) => ({ plan, people: peopleOf.get(plan) ?? 0, ...figures }))
      .sort((a, b) => a.plan - b.plan),
    heaviest: heavyIds.map((userId) => ({
      userId,
      name: who.get(userId)?.name ?? null,
      email: who.get(userId)?.email ?? null,
      ...(heavyFigures.get(userId) ?? zero()),
    })),
    unpriced: byModel
      .map((row) => row.model)
      .filter((model) => prices[model] === undefined)
      .sort(),
  };
}
