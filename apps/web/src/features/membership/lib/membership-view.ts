import { effectivePlan } from '@turtle/shared/entitlements';
import type { Membership } from '@turtle/shared/membership';
import { Plan, Subscription } from '@turtle/shared/plans';

/** rules.md "Membership and payments": upgradable means Free, or Pro whose `expireAt` has passed. */
export function isUpgradable(membership: Membership, now = Date.now()): boolean {
  return effectivePlan(membership, now) === Plan.FREE;
}

/** A Pro membership whose period has ended (shown as Free, with a line saying when it ended). */
export function hasLapsed(membership: Membership, now = Date.now()): boolean {
  return membership.plan === Plan.PRO && effectivePlan(membership, now) === Plan.FREE;
}

const SUBSCRIPTION_LABELS: Record<Membership['subscription'], string> = {
  [Subscription.MONTHLY]: 'Monthly',
  [Subscription.YEARLY]: 'Yearly',
  [Subscription.LIFETIME]: 'Lifetime',
};

export function subscriptionLabel(subscription: Membership['subscription']): string {
  return SUBSCRIPTION_LABELS[subscription] ?? 'Monthly';
}

/**
 * "June 5, 2026" for an `expireAt` in ms, or null when there is no date to show (-1: lifetime or not applicable).
 * `timeZone` is for tests; the screen uses the visitor's own.
 */
export function formatExpiry(expireAt: number, timeZone?: string): string | null {
  if (expireAt < 0 || !Number.isFinite(expireAt)) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(new Date(expireAt));
}

/** The `dateTime` attribute of the expiry's `<time>`: "2026-06-05". */
export function isoDate(expireAt: number): string {
  return new Date(expireAt).toISOString().slice(0, 10);
}
