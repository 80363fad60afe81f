import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { PRO_PRICE_USD, type BillingPeriod, type SubscriptionSummary } from '@turtle/shared/billing';
import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { DbOrTx } from '../../db/database';
import { addPeriod } from '../../providers/payments/demo-provider';
import { setMembership, type UserRow } from '../../core/identity/users.repository';
import { upsertBillingCustomer, type BillingCustomerRow } from './billing.repository';
import { fulfillments } from './billing.tables';
import { heldPeriod } from './purchase-guard';

const RENEWING_STATUSES = new Set(['active', 'trialing']);
const PAST_DUE_STATUSES = new Set(['past_due', 'unpaid']);
const DEMO_PAYMENTS_SHOWN = 24;

/** What the Plan & billing page shows, from our rows (the webhooks keep Stripe's side of them true). */
export async function subscriptionSummary(
  db: DbOrTx,
  providerKind: 'stripe' | 'demo',
  user: UserRow,
  billing: BillingCustomerRow | undefined,
  now = Date.now(),
): Promise<SubscriptionSummary> {
  const pro = effectivePlan(user, now) === Plan.PRO;
  const period = pro ? heldPeriod(user) : null;
  const periodEnd = pro && user.expireAt !== -1 ? user.expireAt : null;
  const status = billing?.subscriptionStatus ?? '';
  return {
    plan: pro ? 'pro' : 'free',
    period,
    periodEnd,
    renews:
      pro && period !== null && billing !== undefined && RENEWING_STATUSES.has(status) && !billing.cancelAtPeriodEnd,
    pastDue: pro && PAST_DUE_STATUSES.has(status),
    provider: providerKind,
    portal:
      providerKind === 'stripe' &&
      billing?.provider === 'stripe' &&
      billing.customerId !== null &&
      billing.subscriptionId !== null,
    demoPayments: providerKind === 'demo' ? await demoPayments(db, user.id) : [],
    complimentary: pro && user.complimentary,
  };
}

async function demoPayments(db: DbOrTx, userId: string): Promise<SubscriptionSummary['demoPayments']> {
  const rows = await db
    .select()
    .from(fulfillments)
    .where(and(eq(fulfillments.userId, userId), eq(fulfillments.provider, 'demo')))
    .orderBy(desc(fulfillments.createdAt))
    .limit(DEMO_PAYMENTS_SHOWN);
  return rows.map((row) => ({
    id: row.checkoutSessionId,
    period: row.period,
    amountUsd: PRO_PRICE_USD[row.period],
    paidAt: row.createdAt,
  }));
}

/**
 * The demo's stand-in for a renewal or a switch: a paid period starting at `startMs`, recorded like a paid demo
 * checkout (so it is listed among the demo payments), and Pro until its end.
 */
export async function startDemoPeriod(tx: DbOrTx, userId: string, period: BillingPeriod, startMs: number) {
  const periodEnd = addPeriod(startMs, period);
  await tx.insert(fulfillments).values({
    checkoutSessionId: `cs_demo_${randomBytes(16).toString('hex')}`,
    userId,
    provider: 'demo',
    period,
    periodEnd,
    createdAt: startMs,
  });
  await setMembership(tx, userId, {
    plan: Plan.PRO,
    subscription: period === 'monthly' ? Subscription.MONTHLY : Subscription.YEARLY,
    expireAt: periodEnd,
  });
  await upsertBillingCustomer(tx, {
    userId,
    provider: 'demo',
    customerId: null,
    subscriptionId: null,
    subscriptionStatus: 'active',
    cancelAtPeriodEnd: false,
    updatedAt: Date.now(),
  });
  return periodEnd;
}

/**
 * The demo renews what it said it would: a demo Pro past its period's end, not cancelled, gets the periods it missed,
 * one after another (no money moves). Null when there is nothing to renew.
 */
export function demoRenewalStart(user: UserRow, billing: BillingCustomerRow | undefined, now: number): number | null {
  const period = heldPeriod(user);
  if (user.plan !== Plan.PRO || user.expireAt === -1 || user.expireAt > now || period === null) return null;
  if (billing?.provider !== 'demo' || billing.cancelAtPeriodEnd || billing.subscriptionStatus !== 'active') return null;
  let start = user.expireAt;
  while (addPeriod(start, period) <= now) start = addPeriod(start, period);
  return start;
}
