import type { BillingPeriod } from '@turtle/shared/billing';

/** A checkout as the provider reports it, in our terms. Never trusted from the browser: always asked for. */
export interface ProviderCheckout {
  id: string;
  /** The customer finished the checkout (Stripe: `status: 'complete'`). */
  complete: boolean;
  /** Nothing is owed (Stripe: `payment_status` is `paid`, or `no_payment_required`). */
  paid: boolean;
  /** Who started it (Stripe: `client_reference_id`). */
  userId: string | null;
  /** The plan bought, or null when the price is not one of ours. */
  period: BillingPeriod | null;
  /** End of the period paid for (ms), or null when there is no subscription yet. */
  periodEndMs: number | null;
  customerId: string | null;
  subscriptionId: string | null;
  /**
   * Paid, then undone since: refunded as a second purchase, or its subscription already ended (Stripe: `canceled`,
   * `incomplete_expired`). Such a checkout never makes anyone Pro.
   */
  ended: boolean;
}

export interface CreateCheckoutInput {
  userId: string;
  period: BillingPeriod;
  /** The origin the browser sees; the success and cancel addresses are built on it. */
  origin: string;
  /** The user's customer at the provider, when one exists already (Stripe reuses it). */
  customerId: string | null;
}

/** Everything the app needs from whoever takes the money: Stripe, or the embedded demo checkout. */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'demo';
  /** Whether `id` has this provider's checkout id format (a wrong one is a 400, without asking the provider). */
  isCheckoutId(id: string): boolean;
  /** Starts a checkout; answers where the browser goes next. */
  createCheckout(input: CreateCheckoutInput): Promise<{ url: string }>;
  /** The checkout as the provider sees it now; null when it does not know the id. */
  retrieveCheckout(id: string): Promise<ProviderCheckout | null>;
  /** The provider's self-service billing page for `customerId`; null when the provider has none. */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string } | null>;
  /**
   * After a purchase (decision 018): the person's checkouts still open can no longer be paid. Answers how
   * many were expired.
   */
  expireOpenCheckouts(owner: { userId: string; customerId: string | null }): Promise<number>;
  /**
   * A checkout paid while its person already had Pro (two tabs, a race): the money goes back and what it started
   * ends at once, so it never extends the membership. Safe to repeat.
   */
  refundSecondPurchase(checkout: ProviderCheckout): Promise<void>;
}

/** The provider could not be asked (network, timeout, its own failure): a 502, and nothing is changed. */
export class PaymentProviderUnavailableError extends Error {}
