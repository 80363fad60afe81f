import type { FastifyBaseLogger } from 'fastify';
import type { BillingPeriod } from '@turtle/shared/billing';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { Db, DbOrTx } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import {
  PaymentProviderUnavailableError,
  type PaymentProvider,
  type ProviderCheckout,
} from '../../providers/payments/payment-provider';
import type { UserRow } from '../../core/identity/users.repository';
import {
  findFulfillment,
  findUserById,
  insertFulfillment,
  setMembership,
  upsertBillingCustomer,
} from './billing.repository';

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
 * Upgrades the checkout's user: plan Pro, the period bought, `expireAt` at the period's end. Runs inside the
 * caller's transaction; the fulfilment row's primary key makes it happen once per checkout, however many requests
 * and webhooks race. True when this call applied it.
 */
export async function fulfilCheckout(
  tx: DbOrTx,
  provider: PaymentProvider['kind'],
  checkout: FulfillableCheckout,
  now = Date.now(),
): Promise<boolean> {
  const claimed = await insertFulfillment(tx, {
    checkoutSessionId: checkout.id,
    userId: checkout.userId,
    provider,
    period: checkout.period,
    periodEnd: checkout.periodEndMs,
    createdAt: now,
  });
  if (!claimed) return false;
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
  return true;
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

/**
 * `POST /api/stripe/handle_payment_success`: never trusts the id. The provider must report the checkout complete,
 * paid, the caller's, and for one of our prices; only then, in one transaction, the caller becomes Pro. Asking again
 * answers the same user and changes nothing more.
 */
export async function verifyAndFulfil(
  db: Db,
  provider: PaymentProvider,
  user: UserRow,
  checkoutId: string,
  log: FastifyBaseLogger,
): Promise<UserRow> {
  const done = await findFulfillment(db, checkoutId);
  if (done) {
    if (done.userId !== user.id) throw checkoutNotFound();
    return (await findUserById(db, user.id)) ?? user;
  }
  const checkout = await askProvider(log, () => provider.retrieveCheckout(checkoutId));
  // Another user's checkout answers like a missing one (rules.md: cross-user access is a 404).
  if (!checkout || checkout.userId !== user.id) throw checkoutNotFound();
  const problem = checkoutProblem(checkout);
  if (problem) throw PROBLEM_ERRORS[problem]();
  if (!isFulfillable(checkout)) throw checkoutNotFound();
  return db.transaction(async (tx) => {
    await fulfilCheckout(tx, provider.kind, checkout);
    const row = await findUserById(tx, user.id);
    if (!row) throw checkoutNotFound();
    return row;
  });
}
