import { gte, sql } from 'drizzle-orm';
import type { AdminBusinessResponse } from '@turtle/shared/admin';
import { Plan } from '@turtle/shared/plans';
import type { ModelPrice } from '../../config/model-prices';
import { costUsd } from '../../config/model-prices';
import type { DbOrTx } from '../../db/database';
import { replyUsageTotals } from '../../core/assistant/usage-figures.tables';

/** The average month in days: MRR times the period's days over this is the period's share of it. */
const DAYS_A_MONTH = 365.25 / 12;

const cents = (dollars: number) => Math.round(dollars * 100) / 100;

/**
 * Free and Pro margins over a period (decision 037 "Margins"): each plan's revenue for the period (Free none, Pro its
 * share of today's MRR) against the estimated cost of the replies asked on that plan since `since`, priced by
 * `MODEL_PRICES`.
 */
export async function marginsSince(
  db: DbOrTx,
  since: number,
  days: number,
  figures: Pick<AdminBusinessResponse, 'people' | 'pro' | 'revenue'>,
  prices: Record<string, ModelPrice>,
): Promise<AdminBusinessResponse['margins']> {
  const rows = await db
    .select({
      plan: replyUsageTotals.plan,
      model: replyUsageTotals.model,
      promptTokens: sql<number>`coalesce(sum(${replyUsageTotals.promptTokens}), 0)::bigint`,
      completionTokens: sql<number>`coalesce(sum(${replyUsageTotals.completionTokens}), 0)::bigint`,
    })
    .from(replyUsageTotals)
    .where(gte(replyUsageTotals.day, new Date(since).toISOString().slice(0, 10)))
    .groupBy(replyUsageTotals.plan, replyUsageTotals.model);
  const cost = new Map<number, number>();
  for (const row of rows) {
    const spent = costUsd(prices, row.model, Number(row.promptTokens), Number(row.completionTokens)) ?? 0;
    cost.set(row.plan, (cost.get(row.plan) ?? 0) + spent);
  }
  const proRevenue = cents((figures.revenue.mrrUsd * days) / DAYS_A_MONTH);
  const plan = (id: number, members: number, revenueUsd: number) => {
    const costOf = cost.get(id) ?? 0;
    return { plan: id, members, revenueUsd, costUsd: costOf, marginUsd: revenueUsd - costOf };
  };
  return {
    plans: [
      plan(Plan.FREE, figures.people.total - figures.pro.total, 0),
      plan(Plan.PRO, figures.pro.total, proRevenue),
    ],
    unpriced: [...new Set(rows.map((row) => row.model).filter((model) => prices[model] === undefined))].sort(),
  };
}
