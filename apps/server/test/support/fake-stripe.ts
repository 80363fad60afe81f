import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { User } from '@turtle/shared/user';
import { fulfillments } from '../../src/db/schema';
import { createSessionToken, createUser } from './factories';
import { call } from './http';
import type { TestServer } from './test-server';
import { listenOnLoopback } from './loopback';

export const FAKE_STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_turtle_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_turtle_fake',
  STRIPE_PRICE_MONTHLY: 'price_turtle_monthly',
  STRIPE_PRICE_YEARLY: 'price_turtle_yearly',
} as const;

type Json = Record<string, unknown>;

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form-encoded body the SDK sent, keys as written (`line_items[0][price]`). */
  form: URLSearchParams;
  authorization: string | undefined;
}

export interface CompleteOptions {
  /** `paid` by default. */
  paymentStatus?: 'paid' | 'unpaid' | 'no_payment_required';
  /** `complete` by default. */
  status?: 'open' | 'complete' | 'expired';
  /** The subscription's price; the session's own by default. */
  price?: string;
  /** The subscription's current period (seconds); now and 30 days on by default. */
  periodStart?: number;
  periodEnd?: number;
}

/**
 * The few Stripe API endpoints Turtle calls, on loopback, with the same JSON shapes (API version 2025+: the
 * period sits on the subscription item). Tests create sessions through the app, then "pay" them here.
 */
export class FakeStripe {
  url = '';
  readonly requests: FakeRequest[] = [];
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  /** Each paid invoice's one payment (`invoice_payment`), by invoice id. */
  readonly invoicePayments = new Map<string, Json>();
  /** Refunds made, in order (`POST /v1/refunds`). */
  readonly refunds: Json[] = [];
  /** Answers already given for an `Idempotency-Key` (Stripe replays them for a repeated request). */
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  /** Paths starting with one of these answer 500 (a Stripe outage); `'*'` fails everything. */
  failing: string[] = [];
  /** Drop the connection instead of answering (a network failure). */
  dropConnections = false;
  /** Answer sessions with the subscription as an id, even when asked to expand it. */
  ignoreExpand = false;
  private server = http.createServer((req, res) => void this.handle(req, res));

  close: () => Promise<void> = async () => {};

  async start(): Promise<this> {
    const { port, close } = await listenOnLoopback(this.server);
    this.url = `http://127.0.0.1:${port}`;
    this.close = close;
    return this;
  }

  /** The env that points the app's SDK here. */
  env(): Record<string, string> {
    return { ...FAKE_STRIPE_ENV, STRIPE_API_BASE: this.url };
  }

  /** Creates a session as if the app had, for tests that need one without going through checkout. */
  addSession(values: { userId: string | null; price?: string }): string {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    this.sessions.set(id, this.sessionObject(id, values.userId, values.price ?? FAKE_STRIPE_ENV.STRIPE_PRICE_MONTHLY));
    return id;
  }

  /** What Stripe does when the customer pays: the session completes and a subscription starts. */
  complete(sessionId: string, options: CompleteOptions = {}): { customerId: string; subscriptionId: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    // Stripe's page refuses an expired session: nobody can pay it any more.
    if (session.status === 'expired') throw new Error(`session ${sessionId} has expired`);
    const customerId = (session.customer as string | null) ?? `cus_${randomBytes(8).toString('hex')}`;
    const subscriptionId = `sub_${randomBytes(8).toString('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    const subscription = this.subscriptionObject(subscriptionId, customerId, {
      status: 'active',
      price: options.price ?? (session.price as string),
      periodStart: options.periodStart ?? now,
      periodEnd: options.periodEnd ?? now + 30 * 86_400,
      userId: session.client_reference_id as string | null,
    });
    // The first invoice, and the payment that paid it (nothing to pay: no payment).
    const invoiceId = `in_${randomBytes(8).toString('hex')}`;
    const paid = (options.paymentStatus ?? 'paid') === 'paid';
    const amount = (options.price ?? session.price) === FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY ? 9_900 : 999;
    this.invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer: customerId,
      status: paid ? 'paid' : 'open',
      amount_paid: paid ? amount : 0,
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
    });
    if (paid) {
      this.invoicePayments.set(invoiceId, {
        id: `inpay_${randomBytes(8).toString('hex')}`,
        object: 'invoice_payment',
        invoice: invoiceId,
        amount_paid: amount,
        amount_requested: amount,
        currency: 'usd',
        is_default: true,
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: `pi_${randomBytes(8).toString('hex')}` },
      });
    }
    subscription.latest_invoice = invoiceId;
    this.subscriptions.set(subscriptionId, subscription);
    Object.assign(session, {
      status: options.status ?? 'complete',
      payment_status: options.paymentStatus ?? 'paid',
      customer: customerId,
      subscription: subscriptionId,
    });
    return { customerId, subscriptionId };
  }

  /** The refunds made for a subscription's payments. */
  refundsFor(subscriptionId: string): Json[] {
    const invoice = this.subscriptions.get(subscriptionId)?.latest_invoice as string | undefined;
    const paymentIntent = (this.invoicePayments.get(invoice ?? '')?.payment as { payment_intent?: string } | undefined)
      ?.payment_intent;
    return this.refunds.filter((refund) => paymentIntent !== undefined && refund.payment_intent === paymentIntent);
  }

  subscriptionObject(
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

  /**
   * `POST /v1/subscriptions/{id}`: the flag, or the item moved to another price. A change of interval starts a new
   * period now, as Stripe does (the period's length here is what the fake knows of the price: 30 or 365 days).
   */
  private updateSubscription(subscription: Json, form: URLSearchParams) {
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

  private sessionObject(id: string, userId: string | null, price: string, form?: URLSearchParams): Json {
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

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const part of req) raw += part;
    const url = new URL(req.url ?? '/', 'http://fake');
    const request: FakeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(raw),
      authorization: req.headers.authorization,
    };
    this.requests.push(request);
    if (this.dropConnections) {
      req.socket.destroy();
      return;
    }
    const idempotencyKey = req.headers['idempotency-key'];
    const replay = typeof idempotencyKey === 'string' ? this.idempotent.get(idempotencyKey) : undefined;
    const send = (status: number, body: Json) => {
      if (typeof idempotencyKey === 'string' && request.method === 'POST' && status !== 500) {
        this.idempotent.set(idempotencyKey, { status, body });
      }
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      res.end(JSON.stringify(body));
    };
    const invalid = (message: string, code?: string) =>
      send(400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
    const missing = (what: string) =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
      });
    if (this.failing.some((prefix) => prefix === '*' || request.path.startsWith(prefix))) {
      send(500, { error: { type: 'api_error', message: 'Fake outage' } });
      return;
    }

    if (replay) {
      res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      res.end(JSON.stringify(replay.body));
      return;
    }

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
      this.customers.set(id, customer);
      return send(200, customer);
    }
    if (route === 'GET /v1/checkout/sessions') {
      const customer = request.query.get('customer');
      const status = request.query.get('status');
      const data = [...this.sessions.values()]
        .filter(
          (session) => (customer === null || session.customer === customer) && (!status || session.status === status),
        )
        .reverse();
      return send(200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
    if (request.method === 'POST' && expireMatch) {
      const session = this.sessions.get(decodeURIComponent(expireMatch[1]!));
      if (!session) return missing('checkout.session');
      // Stripe expires only an open session; any other is an error.
      if (session.status !== 'open') return invalid(`This Checkout Session is ${String(session.status)}.`);
      session.status = 'expired';
      return send(200, session);
    }
    if (route === 'GET /v1/invoice_payments') {
      const invoice = request.query.get('invoice');
      const status = request.query.get('status');
      const payment = invoice ? this.invoicePayments.get(invoice) : undefined;
      const data = payment && (!status || payment.status === status) ? [payment] : [];
      return send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
    }
    if (route === 'POST /v1/refunds') {
      const paymentIntent = request.form.get('payment_intent');
      const payment = [...this.invoicePayments.values()].find(
        (candidate) => (candidate.payment as { payment_intent?: string }).payment_intent === paymentIntent,
      );
      if (!paymentIntent || !payment) return missing('payment_intent');
      if (this.refunds.some((refund) => refund.payment_intent === paymentIntent)) {
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
      this.refunds.push(refund);
      return send(200, refund);
    }
    if (route === 'POST /v1/checkout/sessions') {
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const price = request.form.get('line_items[0][price]') ?? '';
      const session = this.sessionObject(id, request.form.get('client_reference_id'), price, request.form);
      this.sessions.set(id, session);
      send(200, session);
      return;
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && sessionMatch) {
      const session = this.sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return missing('checkout.session');
      const expand = [...request.query.entries()].some(
        ([key, value]) => key.startsWith('expand') && value === 'subscription',
      );
      const subscription = session.subscription as string | null;
      send(200, {
        ...session,
        subscription:
          expand && subscription && !this.ignoreExpand ? (this.subscriptions.get(subscription) ?? null) : subscription,
      });
      return;
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
    if (subscriptionMatch) {
      const subscription = this.subscriptions.get(decodeURIComponent(subscriptionMatch[1]!));
      if (!subscription) return missing('subscription');
      if (request.method === 'POST') this.updateSubscription(subscription, request.form);
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
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}

/** A webhook delivery as Stripe signs it: the exact bytes, and a `Stripe-Signature` header for them. */
export function signedWebhook(
  event: Json,
  options: { secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: options.secret ?? FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return { body, signature };
}

/** A Stripe event envelope around `object`. */
export function stripeEvent(type: string, object: Json, created = Math.floor(Date.now() / 1000)): Json {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

// The billing tests' calls, as the browser makes them.

export interface Member {
  id: string;
  cookie: string;
}

export async function newMember(server: TestServer, name = 'Member'): Promise<Member> {
  const db = server.database.db;
  const user = await createUser(db, { name });
  return { id: user.id, cookie: await createSessionToken(db, user.id) };
}

export async function statusOf(server: TestServer, member: Member): Promise<User> {
  return (await call(server.url, '/api/user/status', { cookie: member.cookie })).data as User;
}

export function checkout(server: TestServer, member: Member, period: string) {
  return call(server.url, '/api/billing/checkout', { json: { period }, cookie: member.cookie });
}

export function paymentSuccess(server: TestServer, member: Member, csId: string, origin?: string | null) {
  return call(server.url, '/api/stripe/handle_payment_success', { form: { csId }, cookie: member.cookie, origin });
}

export async function fulfillmentCount(server: TestServer, checkoutId: string): Promise<number> {
  const rows = await server.database.db
    .select()
    .from(fulfillments)
    .where(eq(fulfillments.checkoutSessionId, checkoutId));
  return rows.length;
}

export async function chatLimit(server: TestServer, member: Member): Promise<number> {
  return ((await call(server.url, '/api/chat/usage', { cookie: member.cookie })).data as { limit: number }).limit;
}

export const FREE_MEMBERSHIP = { plan: 0, subscription: 3, expireAt: -1 };
