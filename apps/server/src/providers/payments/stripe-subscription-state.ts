import type Stripe from 'stripe';
import type { BillingPeriod } from '@turtle/shared/billing';

/** A subscription in our terms, from an event or from the API. */
export interface SubscriptionState {
  id: string;
  status: Stripe.Subscription.Status;
  /** Null when the subscription's price is not one of ours. */
  period: BillingPeriod | null;
  /** The current period (ms): what is paid for when `status` is active. */
  periodStartMs: number | null;
  periodEndMs: number | null;
  /** The member asked to stop at the period's end. */
  cancelAtPeriodEnd: boolean;
}

/** Our two prices' ids at Stripe. */
export type StripePrices = Record<BillingPeriod, string>;

/** Subscription statuses after which nothing is billed or owed any more. */
const ENDED_SUBSCRIPTION_STATUSES = new Set<string>(['canceled', 'incomplete_expired']);

export function hasEnded(status: string): boolean {
  return ENDED_SUBSCRIPTION_STATUSES.has(status);
}

/** The period a price is ours for, or null when it is not one of our prices. */
export function periodOfPrice(prices: StripePrices, priceId: string | undefined): BillingPeriod | null {
  if (priceId === prices.monthly) return 'monthly';
  if (priceId === prices.yearly) return 'yearly';
  return null;
}

export function subscriptionStateOf(subscription: Stripe.Subscription, prices: StripePrices): SubscriptionState {
  const items = subscription.items?.data ?? [];
  const ours = items.filter((item) => periodOfPrice(prices, item.price?.id) !== null);
  // One item, at one of our prices: anything else is not a Turtle subscription.
  const item = items.length === 1 && ours.length === 1 ? ours[0] : undefined;
  // Before API version 2025-03-31 the period sat on the subscription; read it there when the item lacks it.
  const legacy = subscription as { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start;
  const end = item?.current_period_end ?? legacy.current_period_end;
  return {
    id: subscription.id,
    status: subscription.status,
    period: item ? periodOfPrice(prices, item.price.id) : null,
    periodStartMs: typeof start === 'number' ? start * 1000 : null,
    periodEndMs: typeof end === 'number' ? end * 1000 : null,
    // Newer API versions may set `cancel_at` instead of the flag; either means it stops.
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true || typeof subscription.cancel_at === 'number',
  };
}
