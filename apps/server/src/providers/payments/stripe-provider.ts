import Stripe from 'stripe';
import { STRIPE_CHECKOUT_ID_PATTERN, type BillingPeriod } from '@turtle/shared/billing';
import type { PaymentsConfig } from '../../config/config';
import {
  PaymentProviderUnavailableError,
  type CreateCheckoutInput,
  type PaymentProvider,
  type ProviderCheckout,
} from './payment-provider';

export type StripeConfig = Extract<PaymentsConfig, { kind: 'stripe' }>;

/** Stripe's own default tolerance, named: a signed event older than this is refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Subscription statuses after which nothing is billed or owed any more. */
const ENDED_SUBSCRIPTION_STATUSES = new Set<string>(['canceled', 'incomplete_expired']);
/** More than one person could have open at once (each tab opens one); the rest wait for their own expiry. */
const OPEN_SESSIONS_EXPIRED_AT_MOST = 100;

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

/**
 * Stripe through its official SDK. Checkout Sessions in subscription mode with our two prices; every answer about
 * a session is read back from Stripe, never taken from the browser. Network failures and Stripe's own errors
 * become PaymentProviderUnavailableError (a 502); an unknown id is null (a 404).
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, {
      ...config.api,
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      appInfo: { name: 'Turtle' },
    });
  }

  isCheckoutId(id: string): boolean {
    return STRIPE_CHECKOUT_ID_PATTERN.test(id);
  }

  async createCheckout({ userId, period, origin, customerId }: CreateCheckoutInput): Promise<{ url: string }> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.config.prices[period], quantity: 1 }],
        client_reference_id: userId,
        ...(customerId ? { customer: customerId } : {}),
        success_url: `${origin}/payment/success?cs_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/pricing`,
        metadata: { userId, period },
        subscription_data: { metadata: { userId } },
      }),
    );
    if (!session.url) throw new PaymentProviderUnavailableError('Stripe answered a Checkout Session without a URL');
    return { url: session.url };
  }

  /**
   * The person's customer at Stripe, made before their first checkout so that every checkout they open names it: the
   * open ones can then be listed by customer and expired once one of them is paid.
   */
  async createCustomer({ userId, email }: { userId: string; email: string }): Promise<{ id: string }> {
    const customer = await this.call(() => this.stripe.customers.create({ email, metadata: { userId } }));
    return { id: customer.id };
  }

  async retrieveCheckout(id: string): Promise<ProviderCheckout | null> {
    const session = await this.callOrMissing(() =>
      this.stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] }),
    );
    if (!session) return null;
    let subscription: SubscriptionState | null = null;
    if (typeof session.subscription === 'string') {
      const subscriptionId = session.subscription;
      const found = await this.callOrMissing(() => this.stripe.subscriptions.retrieve(subscriptionId));
      subscription = found ? this.subscriptionState(found) : null;
    } else if (session.subscription) {
      subscription = this.subscriptionState(session.subscription);
    }
    return {
      id: session.id,
      complete: session.status === 'complete',
      // A 100% coupon completes with nothing to pay; Stripe's fulfilment guide counts that as paid.
      paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
      userId: session.client_reference_id,
      period: session.mode === 'subscription' ? (subscription?.period ?? null) : null,
      periodEndMs: subscription?.periodEndMs ?? null,
      customerId: idOf(session.customer),
      subscriptionId: subscription?.id ?? null,
      ended: subscription !== null && ENDED_SUBSCRIPTION_STATUSES.has(subscription.status),
    };
  }

  /**
   * Expires the customer's Checkout Sessions still open (`GET /v1/checkout/sessions?customer=&status=open`, then
   * `POST …/expire` each): Stripe's page then refuses to take a second payment. One completed meanwhile cannot be
   * expired (Stripe answers an error); its payment is refunded when it is confirmed.
   */
  async expireOpenCheckouts({ customerId }: { customerId: string | null }): Promise<number> {
    if (!customerId) return 0;
    const open = await this.call(() =>
      this.stripe.checkout.sessions
        .list({ customer: customerId, status: 'open', limit: 100 })
        .autoPagingToArray({ limit: OPEN_SESSIONS_EXPIRED_AT_MOST }),
    );
    let expired = 0;
    for (const session of open) {
      try {
        await this.stripe.checkout.sessions.expire(session.id);
        expired += 1;
      } catch (error) {
        // Completed or expired in the meantime: nothing left to expire.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw providerError(error);
      }
    }
    return expired;
  }

  /**
   * A second subscription bought while Pro was held: every payment of its first invoice is refunded in full
   * (`reason: duplicate`, one idempotency key per payment so a repeat refunds nothing more), then the subscription is
   * cancelled at once without proration, so it never bills again. One already ended was handled before.
   */
  async refundSecondPurchase(checkout: ProviderCheckout): Promise<void> {
    const subscriptionId = checkout.subscriptionId;
    if (!subscriptionId) return;
    const subscription = await this.callOrMissing(() => this.stripe.subscriptions.retrieve(subscriptionId));
    if (!subscription || ENDED_SUBSCRIPTION_STATUSES.has(subscription.status)) return;
    const invoiceId = idOf(subscription.latest_invoice);
    if (invoiceId) {
      const payments = await this.call(() =>
        this.stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 100 }),
      );
      for (const payment of payments.data) {
        const paymentIntent = idOf(payment.payment.payment_intent);
        const charge = idOf(payment.payment.charge);
        if (!paymentIntent && !charge) continue;
        await this.refundOnce(
          {
            ...(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge! }),
            reason: 'duplicate',
            metadata: { checkoutSessionId: checkout.id },
          },
          `turtle-second-purchase-${payment.id}`,
        );
      }
    }
    try {
      await this.callOrMissing(() =>
        this.stripe.subscriptions.cancel(subscriptionId, {
          cancellation_details: { comment: 'Turtle: a second purchase of Pro, refunded.' },
        }),
      );
    } catch (error) {
      // Cancelled by a concurrent confirmation of the same checkout: that is what was wanted.
      const now = await this.retrieveSubscription(subscriptionId);
      if (now && !ENDED_SUBSCRIPTION_STATUSES.has(now.status)) throw error;
    }
  }

  async createPortal({ customerId, returnUrl }: { customerId: string; returnUrl: string }) {
    const portal = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return { url: portal.url };
  }

  /**
   * Verifies the signature over the raw bytes and the timestamp; throws when either is wrong. The SDK refuses only
   * timestamps too far in the past; one too far in the future (a clock set ahead to stretch the replay window) is
   * refused here too (issue 17, item 13), as is a header with more than one timestamp.
   */
  constructWebhookEvent(rawBody: Buffer, signature: string): Stripe.Event {
    const event = this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.config.webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
    // Stripe sends one `t=`; the SDK verifies against the last one, so a second one in front must not be read instead.
    const timestamps = [...signature.matchAll(/(?:^|,)\s*t=([^,]*)/g)].map((match) => Number(match[1]));
    const [timestamp] = timestamps;
    if (timestamps.length !== 1 || !(timestamp! <= Math.floor(Date.now() / 1000) + WEBHOOK_TOLERANCE_SECONDS)) {
      throw new Stripe.errors.StripeSignatureVerificationError(signature, rawBody.toString('utf8'), {
        message: 'Timestamp outside the tolerance zone (in the future)',
      });
    }
    return event;
  }

  subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
    const items = subscription.items?.data ?? [];
    const ours = items.filter((item) => this.periodOf(item.price?.id) !== null);
    // One item, at one of our prices: anything else is not a Turtle subscription.
    const item = items.length === 1 && ours.length === 1 ? ours[0] : undefined;
    // Before API version 2025-03-31 the period sat on the subscription; read it there when the item lacks it.
    const legacy = subscription as { current_period_start?: number; current_period_end?: number };
    const start = item?.current_period_start ?? legacy.current_period_start;
    const end = item?.current_period_end ?? legacy.current_period_end;
    return {
      id: subscription.id,
      status: subscription.status,
      period: item ? this.periodOf(item.price.id) : null,
      periodStartMs: typeof start === 'number' ? start * 1000 : null,
      periodEndMs: typeof end === 'number' ? end * 1000 : null,
      // Newer API versions may set `cancel_at` instead of the flag; either means it stops.
      cancelAtPeriodEnd: subscription.cancel_at_period_end === true || typeof subscription.cancel_at === 'number',
    };
  }

  /** The subscription now, or null when Stripe does not know it. */
  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    const found = await this.callOrMissing(() => this.stripe.subscriptions.retrieve(subscriptionId));
    return found ? this.subscriptionState(found) : null;
  }

  /** Cancel at the period's end (`renew: false`) or take that back (`renew: true`). */
  async setRenewal(subscriptionId: string, renew: boolean): Promise<SubscriptionState> {
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !renew }),
    );
    return this.subscriptionState(updated);
  }

  /**
   * Moves the one item to the other period's price. Stripe prorates, and a change of interval starts a new period
   * now and invoices it at once (Stripe's "Change the price of a subscription").
   */
  async changePeriod(subscriptionId: string, period: BillingPeriod): Promise<SubscriptionState> {
    const current = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const item = current.items.data[0];
    if (!item) throw new PaymentProviderUnavailableError('Stripe answered a subscription without items');
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: this.config.prices[period] }],
        proration_behavior: 'create_prorations',
        cancel_at_period_end: false,
      }),
    );
    return this.subscriptionState(updated);
  }

  /** Ends the subscription now (the account is being deleted); one Stripe no longer knows is already gone. */
  async cancelNow(subscriptionId: string): Promise<void> {
    await this.callOrMissing(() => this.stripe.subscriptions.cancel(subscriptionId));
  }

  /** A refund that is done once: the same key answers the same refund, and one refunded before counts as done. */
  private async refundOnce(params: Stripe.RefundCreateParams, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create(params, { idempotencyKey });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
      throw providerError(error);
    }
  }

  private periodOf(priceId: string | undefined): BillingPeriod | null {
    if (priceId === this.config.prices.monthly) return 'monthly';
    if (priceId === this.config.prices.yearly) return 'yearly';
    return null;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw providerError(error);
    }
  }

  /** Like `call`, but an id Stripe does not know is null instead of an error. */
  private async callOrMissing<T>(request: () => Promise<T>): Promise<T | null> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw providerError(error);
    }
  }
}

/** Any error Stripe's SDK raises (network, timeout, 5xx, a rejected key) means "could not be asked": a 502. */
function providerError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  return new PaymentProviderUnavailableError(`Stripe: ${error.message}`, { cause: error });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
