import type { FastifyBaseLogger } from 'fastify';
import type { BillingPeriod } from '@turtle/shared/billing';
import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { Db, DbOrTx } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import {
  PaymentProviderUnavailableError,
  type PaymentProvider,
  type ProviderCheckout,
} from '../../providers/payments/payment-provider';
import { findUserById, lockUser, setMembership, type UserRow } from '../../core/identity/users.repository';
import { findFulfillment, insertFulfillment, upsertBillingCustomer } from './billing.repository';
import { SECOND_PURCHASE_MESSAGES } from './purchase-guard';

const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider could not be reached. Please try again.';

/** A checkout that may be fulfilled: complete, paid, for one of our prices, with a period end. */
export type FulfillableCheckout = ProviderCheckout & { userId: string; period: BillingPeriod; periodEndMs: number };

export type CheckoutProblem = 'notPaid' | 'notOurPrice' | 'noPeriod';

export function checkoutProblem(checkout: ProviderCheckout): CheckoutProblem | null {
  if (!checkout.complete || !checkout.paid) return 'notPaid';
  if (checkout.period === null) return 'notOurPrice';
  if (checkout.periodEndMs === null) return 'noPeriod';
  return null;
}

export function isFulfillable(checkout: ProviderCheckout): checkout is FulfillableCheckout {
  return checkoutProblem(checkout) === null && checkout.userId !== null;
}

const checkoutNotFound = () => new HttpError(404, 'notFound', 'That checkout does not exist.');

const PROBLEM_ERRORS: Record<CheckoutProblem, () => HttpError> = {
  notPaid: () => new HttpError(409, 'conflict', 'This checkout has not been paid, so your plan has not changed.'),
  notOurPrice: () => new HttpError(400, 'badRequest', 'This checkout is not for a Turtle plan.'),
  noPeriod: () =>
    new HttpError(409, 'conflict', 'The subscription for this checkout is not active yet. Please try again shortly.'),
};

/**
 * What fulfilling a checkout did: `fulfilled` made the person Pro; `done` found it fulfilled before; `secondPurchase`
 * found them Pro already (bought in another tab), so it changed nothing and its payment must be refunded; `ended`
 * found its subscription over before it was confirmed; `noUser`: the account is gone.
 */
export type FulfilOutcome = 'fulfilled' | 'done' | 'secondPurchase' | 'ended' | 'noUser';

/**
 * Upgrades the checkout's user: plan Pro, the period bought, `expireAt` at the period's end. Runs inside the
 * caller's transaction, with the user's row locked until it ends, so one person's checkouts are fulfilled one after
 * another however many requests, webhooks and server processes race: the first makes them Pro, and every other finds
 * them Pro and is a second purchase (decision 018: one purchase per period). The fulfilment row's primary key makes
 * each checkout count once.
 */
export async function fulfilCheckout(
  tx: DbOrTx,
  provider: PaymentProvider['kind'],
  checkout: FulfillableCheckout,
  now = Date.now(),
): Promise<FulfilOutcome> {
  const user = await lockUser(tx, checkout.userId);
  if (!user) return 'noUser';
  if (await findFulfillment(tx, checkout.id)) return 'done';
  if (effectivePlan(user, now) === Plan.PRO) return 'secondPurchase';
  if (checkout.ended) return 'ended';
  const claimed = await insertFulfillment(tx, {
    checkoutSessionId: checkout.id,
    userId: checkout.userId,
    provider,
    period: checkout.period,
    periodEnd: checkout.periodEndMs,
    createdAt: now,
  });
  if (!claimed) return 'done';
  await setMembership(tx, checkout.userId, {
    plan: Plan.PRO,
    subscription: checkout.period === 'monthly' ? Subscription.MONTHLY : Subscription.YEARLY,
    expireAt: checkout.periodEndMs,
  });
  // The demo's row has no provider ids: it keeps whether the member asked to stop at the period's end.
  await upsertBillingCustomer(tx, {
    userId: checkout.userId,
    provider,
    customerId: provider === 'stripe' ? checkout.customerId : null,
    subscriptionId: provider === 'stripe' ? checkout.subscriptionId : null,
    subscriptionStatus: 'active',
    cancelAtPeriodEnd: false,
    updatedAt: now,
  });
  return 'fulfilled';
}

/**
 * What follows a fulfilment, outside its transaction (provider calls never hold the lock): a second purchase is
 * refunded (a failure is the 502 and is tried again on the next confirmation or webhook), and the person's checkouts
 * still open are expired. The expiry is a courtesy: when it fails, a checkout paid later is refunded all the same.
 */
export async function settleCheckout(
  provider: PaymentProvider,
  checkout: FulfillableCheckout,
  outcome: FulfilOutcome,
  log: FastifyBaseLogger,
): Promise<void> {
  if (outcome === 'secondPurchase') {
    await askProvider(log, () => provider.refundSecondPurchase(checkout));
    log.info({ checkoutId: checkout.id }, 'second purchase refunded');
  }
  if (outcome !== 'fulfilled' && outcome !== 'secondPurchase') return;
  try {
    const expired = await provider.expireOpenCheckouts({ userId: checkout.userId, customerId: checkout.customerId });
    if (expired > 0) log.info({ expired }, 'open checkouts expired');
  } catch (error) {
    log.warn({ err: error }, 'open checkouts could not be expired');
  }
}

/** Calls the provider; its failures become the one 502 message (logged with their cause), nothing else changes. */
export async function askProvider<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentProviderUnavailableError)) throw error;
    log.warn({ err: error }, 'payment provider unavailable');
    throw new HttpError(502, 'unavailable', PROVIDER_UNAVAILABLE_MESSAGE);
  }
}

/** The user after a confirmation, and what they must be told besides (a second payment refunded), if anything. */
export interface Confirmation {
  user: UserRow;
  notice: string | null;
}

/**
 * `POST /api/stripe/handle_payment_success`: never trusts the id. The provider must report the checkout complete,
 * paid, the caller's, and for one of our prices; only then, in one transaction, the caller becomes Pro. Asking again
 * answers the same user and changes nothing more. A checkout paid while the caller already had Pro changes nothing
 * and is refunded; the answer is still the user, with the notice that says so.
 */
export async function verifyAndFulfil(
  db: Db,
  provider: PaymentProvider,
  user: UserRow,
  checkoutId: string,
  log: FastifyBaseLogger,
): Promise<Confirmation> {
  const done = await findFulfillment(db, checkoutId);
  if (done) {
    if (done.userId !== user.id) throw checkoutNotFound();
    return { user: (await findUserById(db, user.id)) ?? user, notice: null };
  }
  const checkout = await askProvider(log, () => provider.retrieveCheckout(checkoutId));
  // Another user's checkout answers like a missing one (rules.md: cross-user access is a 404).
  if (!checkout || checkout.userId !== user.id) throw checkoutNotFound();
  const problem = checkoutProblem(checkout);
  if (problem) throw PROBLEM_ERRORS[problem]();
  if (!isFulfillable(checkout)) throw checkoutNotFound();
  const outcome = await db.transaction((tx) => fulfilCheckout(tx, provider.kind, checkout));
  if (outcome === 'noUser') throw checkoutNotFound();
  if (outcome === 'ended') throw new HttpError(409, 'conflict', SECOND_PURCHASE_MESSAGES.ended);
  await settleCheckout(provider, checkout, outcome, log);
  const row = await findUserById(db, user.id);
  if (!row) throw checkoutNotFound();
  return { user: row, notice: outcome === 'secondPurchase' ? SECOND_PURCHASE_MESSAGES.refunded : null };
}
