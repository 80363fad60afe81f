import http from 'node:http';
import { listenOnLoopback } from './loopback';
import { answerStripe, type FakeRequest } from './fake-stripe-routes';
import {
  FAKE_STRIPE_ENV,
  firstInvoice,
  invoicePayment,
  sessionObject,
  stripeId,
  subscriptionObject,
  type Json,
} from './fake-stripe-objects';

export { FAKE_STRIPE_ENV } from './fake-stripe-objects';
export type { FakeRequest } from './fake-stripe-routes';

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
 * The few Stripe API endpoints Turtle calls, on loopback, with the same JSON shapes (`fake-stripe-objects.ts`,
 * answered by `fake-stripe-routes.ts`). Tests create sessions through the app, then "pay" them here.
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
    const id = stripeId('cs_test', 12);
    this.sessions.set(id, sessionObject(id, values.userId, values.price ?? FAKE_STRIPE_ENV.STRIPE_PRICE_MONTHLY));
    return id;
  }

  /** What Stripe does when the customer pays: the session completes and a subscription starts. */
  complete(sessionId: string, options: CompleteOptions = {}): { customerId: string; subscriptionId: string } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    // Stripe's page refuses an expired session: nobody can pay it any more.
    if (session.status === 'expired') throw new Error(`session ${sessionId} has expired`);
    const customerId = (session.customer as string | null) ?? stripeId('cus');
    const subscriptionId = stripeId('sub');
    const now = Math.floor(Date.now() / 1000);
    const subscription = subscriptionObject(subscriptionId, customerId, {
      status: 'active',
      price: options.price ?? (session.price as string),
      periodStart: options.periodStart ?? now,
      periodEnd: options.periodEnd ?? now + 30 * 86_400,
      userId: session.client_reference_id as string | null,
    });
    // The first invoice, and the payment that paid it (nothing to pay: no payment).
    const invoiceId = stripeId('in');
    const paid = (options.paymentStatus ?? 'paid') === 'paid';
    const amount = (options.price ?? session.price) === FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY ? 9_900 : 999;
    this.invoices.set(invoiceId, firstInvoice(invoiceId, customerId, subscriptionId, amount, paid));
    if (paid) this.invoicePayments.set(invoiceId, invoicePayment(invoiceId, amount));
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
    if (this.failing.some((prefix) => prefix === '*' || request.path.startsWith(prefix))) {
      send(500, { error: { type: 'api_error', message: 'Fake outage' } });
      return;
    }

    if (replay) {
      res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      res.end(JSON.stringify(replay.body));
      return;
    }
    answerStripe(this, request, send);
  }
}

export async function startFakeStripe(): Promise<FakeStripe> {
  return new FakeStripe().start();
}
