import Stripe from 'stripe';
import { STRIPE_CHECKOUT_ID_PATTERN, type BillingPeriod } from '@turtle/shared/billing';
import type { PaymentsConfig } from '../../config/config';
import {
  PaymentProviderUnavailableError,
  type CreateCheckoutInput,
  type PaymentProvider,
  type ProviderCheckout,
} from './payment-provider';
import { callStripe, callStripeOrMissing, idOf, stripeProviderError } from './stripe-calls';
import { hasEnded, subscriptionStateOf, type SubscriptionState } from './stripe-subscription-state';
import { verifyWebhookEvent } from './stripe-webhook-signature';

export type StripeConfig = Extract<PaymentsConfig, { kind: 'stripe' }>;

/** More than one person could have open at once (each tab opens one); the rest wait for their own expiry. */
const OPEN_SESSIONS_EXPIRED_AT_MOST = 100;

/**
 * Stripe through its official SDK. Checkout Sessions in subscription mode with our two prices; every answer about
 * a session is read back from Stripe, never taken from the browser. Network failures and Stripe's own errors
 * become PaymentProviderUnavailableError (a 502); an unknown id is null (a 404). The subscription's state, the
 * webhook's signature and the calls themselves are in the `stripe-*.ts` files beside this one.
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
    const session = await callStripe(() =>
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
    const customer = await callStripe(() => this.stripe.customers.create({ email, metadata: { userId } }));
    return { id: customer.id };
  }

  async retrieveCheckout(id: string): Promise<ProviderCheckout | null> {
    const session = await callStripeOrMissing(() =>
      this.stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] }),
    );
    if (!session) return null;
    let subscription: SubscriptionState | null = null;
    if (typeof session.subscription === 'string') {
      const subscriptionId = session.subscription;
      const found = await callStripeOrMissing(() => this.stripe.subscriptions.retrieve(subscriptionId));
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
      ended: subscription !== null && hasEnded(subscription.status),
    };
  }

  /**
   * Expires the customer's Checkout Sessions still open (`GET /v1/checkout/sessions?customer=&status=open`, then
   * `POST …/expire` each): Stripe's page then refuses to take a second payment. One completed meanwhile cannot be
   * expired (Stripe answers an error); its payment is refunded when it is confirmed.
   */
  async expireOpenCheckouts({ customerId }: { customerId: string | null }): Promise<number> {
    if (!customerId) return 0;
    const open = await callStripe(() =>
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
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw stripeProviderError(error);
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
    const subscription = await callStripeOrMissing(() => this.stripe.subscriptions.retrieve(subscriptionId));
    if (!subscription || hasEnded(subscription.status)) return;
    const invoiceId = idOf(subscription.latest_invoice);
    if (invoiceId) {
      const payments = await callStripe(() =>
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
      await callStripeOrMissing(() =>
        this.stripe.subscriptions.cancel(subscriptionId, {
          cancellation_details: { comment: 'Turtle: a second purchase of Pro, refunded.' },
        }),
      );
    } catch (error) {
      // Cancelled by a concurrent confirmation of the same checkout: that is what was wanted.
      const now = await this.retrieveSubscription(subscriptionId);
      if (now && !hasEnded(now.status)) throw error;
    }
  }

  async createPortal({ customerId, returnUrl }: { customerId: string; returnUrl: string }) {
    const portal = await callStripe(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return { url: portal.url };
  }

  /** Verifies the signature over the raw bytes and the timestamp; throws when either is wrong. */
  constructWebhookEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return verifyWebhookEvent(this.stripe, rawBody, signature, this.config.webhookSecret);
  }

  subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
    return subscriptionStateOf(subscription, this.config.prices);
  }

  /** The subscription now, or null when Stripe does not know it. */
  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionState | null> {
    const found = await callStripeOrMissing(() => this.stripe.subscriptions.retrieve(subscriptionId));
    return found ? this.subscriptionState(found) : null;
  }

  /** Cancel at the period's end (`renew: false`) or take that back (`renew: true`). */
  async setRenewal(subscriptionId: string, renew: boolean): Promise<SubscriptionState> {
    const updated = await callStripe(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !renew }),
    );
    return this.subscriptionState(updated);
  }

  /**
   * Moves the one item to the other period's price. Stripe prorates, and a change of interval starts a new period
   * now and invoices it at once (Stripe's "Change the price of a subscription").
   */
  async changePeriod(subscriptionId: string, period: BillingPeriod): Promise<SubscriptionState> {
    const current = await callStripe(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const item = current.items.data[0];
    if (!item) throw new PaymentProviderUnavailableError('Stripe answered a subscription without items');
    const updated = await callStripe(() =>
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
    await callStripeOrMissing(() => this.stripe.subscriptions.cancel(subscriptionId));
  }

  /** A refund that is done once: the same key answers the same refund, and one refunded before counts as done. */
  private async refundOnce(params: Stripe.RefundCreateParams, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create(params, { idempotencyKey });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
      throw stripeProviderError(error);
    }
  }
}
