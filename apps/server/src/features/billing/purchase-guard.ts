import { BILLING_MESSAGES, type BillingPeriod } from '@turtle/shared/billing';
import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan, Subscription } from '@turtle/shared/plans';
import { HttpError } from '../../lib/http-error';
import type { UserRow } from '../../core/identity/users.repository';
import type { BillingCustomerRow } from './billing.repository';

/** Decision 018: what a person is told when a second purchase got past the checkout (several tabs). */
export const SECOND_PURCHASE_MESSAGES = {
  /** A second checkout was paid and confirmed: its payment went back. */
  refunded: 'You already had Pro, so this second payment was refunded.',
  /** A demo checkout opened before the upgrade, paid after it. */
  expired: 'This checkout has expired because Pro is already active.',
  /** Its subscription ended before it was confirmed (refunded, or cancelled at once). */
  ended: 'The subscription for this checkout has ended, so your plan has not changed.',
} as const;

/**
 * `handle_payment_success` answers the user, as the spec says; a second purchase that was refunded says so in this
 * header (the payment-success page shows it beside its thanks).
 */
export const PAYMENT_NOTICE_HEADER = 'turtle-payment-notice';

/** Stripe subscriptions that still bill: a second checkout would charge twice. */
const BILLING_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/** The period a Pro member is billed, or null for Free and lifetime. */
export function heldPeriod(user: Pick<UserRow, 'subscription'>): BillingPeriod | null {
  if (user.subscription === Subscription.MONTHLY) return 'monthly';
  if (user.subscription === Subscription.YEARLY) return 'yearly';
  return null;
}

/**
 * Decision 018: a member who holds Pro cannot buy it again, with any provider. Buying the period they already
 * have is refused outright; the other period is a switch (`POST /api/billing/period`), not a second purchase. A Stripe
 * subscription that still bills is refused even when Pro has lapsed (past due): the portal is where to fix it.
 */
export function purchaseConflict(
  user: UserRow,
  billing: BillingCustomerRow | undefined,
  period: BillingPeriod,
  now = Date.now(),
): HttpError | null {
  const pro = effectivePlan(user, now) === Plan.PRO;
  const billingStripe =
    billing?.provider === 'stripe' &&
    billing.subscriptionId !== null &&
    BILLING_STATUSES.has(billing.subscriptionStatus ?? '') &&
    user.plan === Plan.PRO;
  if (!pro && !billingStripe) return null;
  const held = heldPeriod(user);
  if (held === null || held === period)
    return new HttpError(409, 'conflict', BILLING_MESSAGES.alreadyPro(held ?? period));
  return new HttpError(409, 'conflict', BILLING_MESSAGES.switchInstead(period));
}
