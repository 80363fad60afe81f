import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { Plan, Subscription, DEFAULT_MEMBERSHIP } from '@turtle/shared/plans';
import type { Membership } from '@turtle/shared/membership';
import type { Db, Tx } from '../../db/database';
import type { StripePaymentProvider } from '../../providers/payments/stripe-provider';
import type { SubscriptionState } from '../../providers/payments/stripe-subscription-state';
import { findUserById, setMembership, type UserRow } from '../../core/identity/users.repository';
import {
  insertStripeEvent,
  lockBillingCustomerBySubscription,
  stripeEventSeen,
  updateBillingCustomer,
  type BillingCustomerRow,
} from './billing.repository';
import { askProvider, fulfilCheckout, isFulfillable, settleCheckout } from './fulfillment.service';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

const ENDED_STATUSES = new Set<string>(['canceled', 'incomplete_expired']);
const LIVE_STATUSES = new Set<string>(['active', 'trialing']);

/**
 * Applies one verified Stripe event, once: its id is stored in the same transaction as its effect, so a
 * redelivery is a no-op and a failure leaves no trace (Stripe delivers it again). Provider calls happen before the
 * transaction opens.
 */
export async function applyStripeEvent(
  db: Db,
  provider: StripePaymentProvider,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<WebhookOutcome> {
  const eventAtMs = event.created * 1000;
  switch (event.type) {
    case 'checkout.session.completed': {
      // The same path as `handle_payment_success`: the session is read back from Stripe, not taken from the event.
      const sessionId = event.data.object.id;
      const checkout = await askProvider(log, () => provider.retrieveCheckout(sessionId));
      if (!checkout || !isFulfillable(checkout)) return once(db, event, async () => {});
      const outcome = await db.transaction(async (tx) => {
        if (await stripeEventSeen(tx, event.id)) return 'duplicate' as const;
        const fulfilled = await fulfilCheckout(tx, 'stripe', checkout);
        // A second purchase is recorded once its refund went through: until then Stripe delivers the event again.
        if (fulfilled !== 'secondPurchase') await recordEvent(tx, event);
        return fulfilled;
      });
      if (outcome === 'duplicate') return 'duplicate';
      await settleCheckout(provider, checkout, outcome, log);
      if (outcome === 'secondPurchase') await recordEvent(db, event);
      return 'applied';
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const state = provider.subscriptionState(event.data.object);
      const deleted = event.type === 'customer.subscription.deleted';
      return once(db, event, (tx) =>
        withSubscriber(tx, state.id, eventAtMs, async (billing, user) => {
          const next = membershipAfter(state, deleted, user);
          if (next) await setMembership(tx, user.id, next);
          await updateBillingCustomer(tx, billing.userId, {
            subscriptionStatus: deleted ? 'canceled' : state.status,
            cancelAtPeriodEnd: !deleted && state.cancelAtPeriodEnd,
            lastEventAt: eventAtMs,
            updatedAt: Date.now(),
          });
        }),
      );
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscription = invoice.parent?.subscription_details?.subscription;
      const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
      if (!subscriptionId) return 'ignored';
      return once(db, event, (tx) =>
        withSubscriber(tx, subscriptionId, eventAtMs, async (billing, user) => {
          // Pro ends where payment stopped: the renewal this invoice was for never starts.
          const paidThrough = endProAt(user, invoice.period_end * 1000);
          if (paidThrough) await setMembership(tx, user.id, paidThrough);
          await updateBillingCustomer(tx, billing.userId, {
            subscriptionStatus: 'past_due',
            lastEventAt: eventAtMs,
            updatedAt: Date.now(),
          });
        }),
      );
    }
    default:
      return 'ignored';
  }
}

async function once(db: Db, event: Stripe.Event, apply: (tx: Tx) => Promise<void>): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return 'duplicate';
    await apply(tx);
    return 'applied';
  });
}

function recordEvent(db: Db | Tx, event: Stripe.Event): Promise<boolean> {
  return insertStripeEvent(db, { id: event.id, type: event.type, receivedAt: Date.now() });
}

/**
 * Runs `apply` for the user a subscription belongs to, unless the event is older than the newest one applied
 * (events arrive out of order; an old one must not roll the state back). Unknown subscriptions are skipped.
 */
async function withSubscriber(
  tx: Tx,
  subscriptionId: string,
  eventAtMs: number,
  apply: (billing: BillingCustomerRow, user: UserRow) => Promise<void>,
): Promise<void> {
  const billing = await lockBillingCustomerBySubscription(tx, subscriptionId);
  if (!billing || eventAtMs < billing.lastEventAt) return;
  const user = await findUserById(tx, billing.userId);
  if (user) await apply(billing, user);
}

/** The membership a subscription's state means, or null to leave it as it is. */
function membershipAfter(state: SubscriptionState, deleted: boolean, user: UserRow): Membership | null {
  if (deleted || ENDED_STATUSES.has(state.status)) return DEFAULT_MEMBERSHIP;
  if (LIVE_STATUSES.has(state.status)) {
    if (!state.period || state.periodEndMs === null) return null;
    return {
      plan: Plan.PRO,
      subscription: state.period === 'monthly' ? Subscription.MONTHLY : Subscription.YEARLY,
      expireAt: state.periodEndMs,
    };
  }
  // past_due, unpaid, incomplete, paused: the current period is not paid, so Pro ends where it began.
  return state.periodStartMs === null ? null : endProAt(user, state.periodStartMs);
}

/** Pro ending no later than `atMs`; null when the user is not on a Pro that expires (nothing to end). */
function endProAt(user: UserRow, atMs: number): Membership | null {
  if (user.plan !== Plan.PRO || user.expireAt === -1 || user.expireAt <= atMs) return null;
  return { plan: Plan.PRO, subscription: user.subscription as Membership['subscription'], expireAt: atMs };
}
