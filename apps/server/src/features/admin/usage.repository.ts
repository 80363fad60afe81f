import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AdminUsageResponse, UsageFigures } from '@turtle/shared/admin';
import type { ModelPrice } from '../../config/model-prices';
import { costUsd } from '../../config/model-prices';
import type { DbOrTx } from '../../db/database';
import { replyUsageDays as replyUsage } from '../../core/assistant/assistant.tables';
import { users } from '../../core/identity/identity.tables';

const HEAVIEST = 10;

// Read from the daily sums (reply_usage_days), never from every reply: 5,000,000 replies took seconds.
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
): Promise<Omit<AdminUsageResponse, 'since'>> {
  const recent = gte(replyUsage.day, new Date(since).toISOString().slice(0, 10));
  const day = sql<string>`${replyUsage.day}::text`;
  // One pass for every sum by day, plan and model; the days, plans and models are added up from it here.
  const [cells, people, heavy] = await Promise.all([
    db
      .select({ day, plan: replyUsage.plan, model: replyUsage.model, ...sums })
      .from(replyUsage)
      .where(recent)
      .groupBy(replyUsage.day, replyUsage.plan, replyUsage.model),
    db
      .select({
        plan: sql<number | null>`${replyUsage.plan}`,
        people: sql<number>`count(distinct ${replyUsage.userId})::int`,
      })
      .from(replyUsage)
      .where(recent)
      .groupBy(sql`rollup(${replyUsage.plan})`),
    db
      .select({
        userId: replyUsage.userId,
        tokens: sql<number>`sum(${replyUsage.promptTokens} + ${replyUsage.completionTokens})`,
      })
      .from(replyUsage)
      .where(recent)
      .groupBy(replyUsage.userId)
      .orderBy(desc(sql`2`))
      .limit(HEAVIEST),
  ]);
  const heavyIds = heavy.map((row) => row.userId);
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
  // The rollup's extra row (plan null) counts everyone once, whatever their plans.
  const peopleOf = new Map(people.map((row) => [row.plan, Number(row.people)]));
  const heavyFigures = grouped(heavyRows, prices);
  const who = new Map(heavyRows.map((row) => [row.key, { name: row.name, email: row.email }]));
  return {
    totals: { ...totals, people: peopleOf.get(null) ?? 0, estimatedReplies },
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
