import { and, count, countDistinct, eq, gt, gte, inArray, or, sql } from 'drizzle-orm';
import { PRO_PRICE_USD } from '@turtle/shared/billing';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { DbOrTx } from '../../db/database';
import type { BillingFigures, DayCount } from '../../core/identity/billing-figures';
import { users } from '../../core/identity/identity.tables';
import { billingCustomers, fulfillments } from './billing.tables';

const LIVE_STATUSES = ['active', 'trialing'];

/** The UTC day of a moment kept in milliseconds. */
const dayOf = (ms: unknown) => sql<string>`to_char(to_timestamp(${ms} / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`;

const byDay = (rows: { day: string; count: number }[]): DayCount[] =>
  rows.map((row) => ({ day: row.day, count: Number(row.count) })).sort((a, b) => a.day.localeCompare(b.day));

/**
 * The console's payment figures (decision 037 "The business"), from billing's own rows: a paid subscription is a
 * billing row the provider last called live, for a person on paid Pro (not complimentary) until a later day.
 */
export async function billingFigures(db: DbOrTx, sinceMs: number, now: number): Promise<BillingFigures> {
  const firstPayments = db
    .select({ userId: fulfillments.userId, first: sql<number>`min(${fulfillments.createdAt})`.as('first') })
    .from(fulfillments)
    .groupBy(fulfillments.userId)
    .as('first_payments');
  const [live, started, cancelled, converted] = await Promise.all([
    db
      .select({
        subscription: users.subscription,
        count: count(),
        ending: sql<number>`(count(*) filter (where ${billingCustomers.cancelAtPeriodEnd}))::int`,
      })
      .from(billingCustomers)
      .innerJoin(users, eq(users.id, billingCustomers.userId))
      .where(
        and(
          inArray(billingCustomers.subscriptionStatus, LIVE_STATUSES),
          eq(users.plan, Plan.PRO),
          eq(users.complimentary, false),
          gt(users.expireAt, now),
          inArray(users.subscription, [Subscription.MONTHLY, Subscription.YEARLY]),
        ),
      )
      .groupBy(users.subscription),
    db
      .select({ day: dayOf(firstPayments.first), count: count() })
      .from(firstPayments)
      .where(gte(firstPayments.first, sinceMs))
      .groupBy(dayOf(firstPayments.first)),
    db
      .select({ day: dayOf(billingCustomers.updatedAt), count: count() })
      .from(billingCustomers)
      .where(
        and(
          or(eq(billingCustomers.cancelAtPeriodEnd, true), eq(billingCustomers.subscriptionStatus, 'canceled')),
          gte(billingCustomers.updatedAt, sinceMs),
        ),
      )
      .groupBy(dayOf(billingCustomers.updatedAt)),
    db
      .select({ count: countDistinct(fulfillments.userId) })
      .from(fulfillments)
      .innerJoin(users, eq(users.id, fulfillments.userId))
      .where(gte(users.createdAt, new Date(sinceMs))),
  ]);
  const of = (subscription: number) => live.find((row) => row.subscription === subscription);
  const monthly = Number(of(Subscription.MONTHLY)?.count ?? 0);
  const yearly = Number(of(Subscription.YEARLY)?.count ?? 0);
  return {
    subscriptions: { monthly, yearly },
    ending: live.reduce((sum, row) => sum + Number(row.ending), 0),
    // Cents, so 1,000 monthly members are 9,990 dollars and not 9,989.999…
    mrrUsd: Math.round(monthly * PRO_PRICE_USD.monthly * 100 + (yearly * PRO_PRICE_USD.yearly * 100) / 12) / 100,
    started: byDay(started),
    cancelled: byDay(cancelled),
    converted: Number(converted[0]?.count ?? 0),
  };
}
