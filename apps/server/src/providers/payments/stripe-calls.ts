import Stripe from 'stripe';
import { PaymentProviderUnavailableError } from './payment-provider';

/** A call to Stripe's SDK whose errors become PaymentProviderUnavailableError (a 502). */
export async function callStripe<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw stripeProviderError(error);
  }
}

/** Like `callStripe`, but an id Stripe does not know is null instead of an error. */
export async function callStripeOrMissing<T>(request: () => Promise<T>): Promise<T | null> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw stripeProviderError(error);
  }
}

/** Any error Stripe's SDK raises (network, timeout, 5xx, a rejected key) means "could not be asked": a 502. */
export function stripeProviderError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  return new PaymentProviderUnavailableError(`Stripe: ${error.message}`, { cause: error });
}

/** The id of a field Stripe answers either as an id or, expanded, as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
