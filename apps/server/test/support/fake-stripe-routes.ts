import { randomBytes } from 'node:crypto';
import { sessionObject, updateSubscription, type Json } from './fake-stripe-objects';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form-encoded body the SDK sent, keys as written (`line_items[0][price]`). */
  form: URLSearchParams;
  authorization: string | undefined;
}

/** What the fake Stripe API holds: the objects it made, by id. */
export interface FakeStripeState {
  readonly sessions: Map<string, Json>;
  readonly subscriptions: Map<string, Json>;
  readonly customers: Map<string, Json>;
  readonly invoicePayments: Map<string, Json>;
  readonly refunds: Json[];
  ignoreExpand: boolean;
}

/** Answers one request to the few Stripe API endpoints Turtle calls, as Stripe would. */
export function answerStripe(fake: FakeStripeState, request: FakeRequest, send: (status: number, body: Json) => void) {
  const invalid = (message: string, code?: string) =>
    send(400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
  const missing = (what: string) =>
    send(404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });

  const route = `${request.method} ${request.path}`;
  if (route === 'POST /v1/customers') {
    const id = `cus_${randomBytes(8).toString('hex')}`;
    const customer = {
      id,
      object: 'customer',
      email: request.form.get('email'),
      name: request.form.get('name'),
      metadata: Object.fromEntries(
        [...request.form.entries()]
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      ),
    };
    fake.customers.set(id, customer);
    return send(200, customer);
  }
  if (route === 'GET /v1/checkout/sessions') {
    const customer = request.query.get('customer');
    const status = request.query.get('status');
    const data = [...fake.sessions.values()]
      .filter(
        (session) => (customer === null || session.customer === customer) && (!status || session.status === status),
      )
      .reverse();
    return send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
  }
  const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
  if (request.method === 'POST' && expireMatch) {
    const session = fake.sessions.get(decodeURIComponent(expireMatch[1]!));
    if (!session) return missing('checkout.session');
    // Stripe expires only an open session; any other is an error.
    if (session.status !== 'open') return invalid(`This Checkout Session is ${String(session.status)}.`);
    session.status = 'expired';
    return send(200, session);
  }
  if (route === 'GET /v1/invoice_payments') {
    const invoice = request.query.get('invoice');
    const status = request.query.get('status');
    const payment = invoice ? fake.invoicePayments.get(invoice) : undefined;
    const data = payment && (!status || payment.status === status) ? [payment] : [];
    return send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
  }
  if (route === 'POST /v1/refunds') {
    const paymentIntent = request.form.get('payment_intent');
    const payment = [...fake.invoicePayments.values()].find(
      (candidate) => (candidate.payment as { payment_intent?: string }).payment_intent === paymentIntent,
    );
    if (!paymentIntent || !payment) return missing('payment_intent');
    if (fake.refunds.some((refund) => refund.payment_intent === paymentIntent)) {
      return invalid(`Charge for ${paymentIntent} has already been refunded.`, 'charge_already_refunded');
    }
    const refund = {
      id: `re_${randomBytes(8).toString('hex')}`,
      object: 'refund',
      amount: payment.amount_paid,
      currency: 'usd',
      payment_intent: paymentIntent,
      reason: request.form.get('reason'),
      metadata: {},
      status: 'succeeded',
    };
    fake.refunds.push(refund);
    return send(200, refund);
  }
  if (route === 'POST /v1/checkout/sessions') {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const price = request.form.get('line_items[0][price]') ?? '';
    const session = sessionObject(id, request.form.get('client_reference_id'), price, request.form);
    fake.sessions.set(id, session);
    send(200, session);
    return;
  }
  const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
  if (request.method === 'GET' && sessionMatch) {
    const session = fake.sessions.get(decodeURIComponent(sessionMatch[1]!));
    if (!session) return missing('checkout.session');
    const expand = [...request.query.entries()].some(
      ([key, value]) => key.startsWith('expand') && value === 'subscription',
    );
    const subscription = session.subscription as string | null;
    send(200, {
      ...session,
      subscription:
        expand && subscription && !fake.ignoreExpand ? (fake.subscriptions.get(subscription) ?? null) : subscription,
    });
    return;
  }
  const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
  if (subscriptionMatch) {
    const subscription = fake.subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
    if (!subscription) return missing('subscription');
    if (request.method === 'POST') updateSubscription(subscription, request.form);
    if (request.method === 'DELETE') Object.assign(subscription, { status: 'canceled', cancel_at_period_end: false });
    return send(200, subscription);
  }
  if (route === 'POST /v1/billing_portal/sessions') {
    const id = `bps_${randomBytes(8).toString('hex')}`;
    send(200, {
      id,
      object: 'billing_portal.session',
      customer: request.form.get('customer'),
      return_url: request.form.get('return_url'),
      url: `https://billing.stripe.test/p/session/${id}`,
    });
    return;
  }
  send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` } });
}
