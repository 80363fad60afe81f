import { randomBytes } from 'node:crypto';

// The JSON objects the fake Stripe API answers with, in Stripe's shapes (API version 2025+: the period sits on the
// subscription item).

export const FAKE_STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_turtle_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_turtle_fake',
  STRIPE_PRICE_MONTHLY: 'price_turtle_monthly',
  STRIPE_PRICE_YEARLY: 'price_turtle_yearly',
} as const;

export type Json = Record<string, unknown>;

/** A new id with Stripe's prefix for the kind of object (`cus`, `sub`, `in`, ...). */
export const stripeId = (prefix: string, bytes = 8) => `${prefix}_${randomBytes(bytes).toString('hex')}`;

export function sessionObject(id: string, userId: string | null, price: string, form?: URLSearchParams): Json {
  return {
    id,
    object: 'checkout.session',
    mode: form?.get('mode') ?? 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    client_reference_id: userId,
    customer: form?.get('customer') ?? null,
    subscription: null,
    success_url: form?.get('success_url') ?? null,
    cancel_url: form?.get('cancel_url') ?? null,
    url: `https://checkout.stripe.test/c/pay/${id}`,
    metadata: {},
    expires_at: Math.floor(Date.now() / 1000) + 86_400,
    created: Math.floor(Date.now() / 1000),
    // Not a Stripe field: where the fake keeps the price the line item named.
    price,
  };
}

export function subscriptionObject(
  id: string,
  customerId: string,
  values: { status: string; price: string; periodStart: number; periodEnd: number; userId?: string | null },
): Json {
  return {
    id,
    object: 'subscription',
    customer: customerId,
    status: values.status,
    cancel_at_period_end: false,
    created: values.periodStart,
    latest_invoice: null,
    metadata: values.userId ? { userId: values.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id.slice(4)}`,
          object: 'subscription_item',
          price: { id: values.price, object: 'price', recurring: { interval: 'month' } },
          quantity: 1,
          current_period_start: values.periodStart,
          current_period_end: values.periodEnd,
        },
      ],
      has_more: false,
    },
  };
}

/** A subscription's first invoice, paid or still open. */
export function firstInvoice(id: string, customerId: string, subscriptionId: string, amount: number, paid: boolean) {
  return {
    id,
    object: 'invoice',
    customer: customerId,
    status: paid ? 'paid' : 'open',
    amount_paid: paid ? amount : 0,
    billing_reason: 'subscription_create',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
  };
}

/** The one payment (`invoice_payment`) that paid an invoice. */
export function invoicePayment(invoiceId: string, amount: number): Json {
  return {
    id: stripeId('inpay'),
    object: 'invoice_payment',
    invoice: invoiceId,
    amount_paid: amount,
    amount_requested: amount,
    currency: 'usd',
    is_default: true,
    status: 'paid',
    payment: { type: 'payment_intent', payment_intent: stripeId('pi') },
  };
}

/**
 * `POST /v1/subscriptions/{id}`: the flag, or the item moved to another price. A change of interval starts a new
 * period now, as Stripe does (the period's length here is what the fake knows of the price: 30 or 365 days).
 */
export function updateSubscription(subscription: Json, form: URLSearchParams) {
  const flag = form.get('cancel_at_period_end');
  if (flag !== null) subscription.cancel_at_period_end = flag === 'true';
  const price = form.get('items[0][price]');
  if (price === null) return;
  const item = (subscription.items as { data: Json[] }).data[0]!;
  if (form.get('items[0][id]') !== item.id) throw new Error('the update names another item');
  const now = Math.floor(Date.now() / 1000);
  const days = price === FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY ? 365 : 30;
  Object.assign(item, {
    price: { id: price, object: 'price', recurring: { interval: days === 365 ? 'year' : 'month' } },
    current_period_start: now,
    current_period_end: now + days * 86_400,
  });
}
