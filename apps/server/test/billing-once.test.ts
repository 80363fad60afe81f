import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse, DemoCheckoutSession, SubscriptionSummary } from '@turtle/shared/billing';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { User } from '@turtle/shared/user';
import { billingCustomers, fulfillments } from '../src/db/schema';
import { call } from './support/http';
import {
  checkout,
  FAKE_STRIPE_ENV,
  newMember,
  paymentSuccess,
  signedWebhook,
  startFakeStripe,
  statusOf,
  stripeEvent,
  type FakeStripe,
  type Member,
} from './support/fake-stripe';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 31, item 4: Pro is bought once per period, with every provider. Checkouts opened in several tabs while Free,
 * all paid and all confirmed (one after another, at once, through the webhook, or through two servers on one
 * PostgreSQL database) record one paid period: the first fulfilment expires the other open checkouts, and one paid
 * anyway is refunded and never extends the membership.
 */

const REFUNDED = 'You already had Pro, so this second payment was refunded.';
const EXPIRED_PRO = 'This checkout has expired because Pro is already active.';
const NOTICE_HEADER = 'turtle-payment-notice';
const DAY_S = 86_400;
const onPostgres = Boolean(process.env.DATABASE_URL);

type Period = 'monthly' | 'yearly';

async function paymentsOf(server: TestServer, member: Member) {
  return server.database.db.select().from(fulfillments).where(eq(fulfillments.userId, member.id));
}

const summary = async (server: TestServer, member: Member) =>
  (await call(server.url, '/api/billing/subscription', { cookie: member.cookie })).data as SubscriptionSummary;

/** Every answer is the same user, with the membership one period gives. */
function expectOneAnswer(answers: { status: number; data: unknown }[], member: Member) {
  expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
  for (const res of answers) expect(res.data).toEqual(answers[0]!.data);
  expect((answers[0]!.data as User).id).toBe(member.id);
  expect((answers[0]!.data as User).membership.plan).toBe(Plan.PRO);
}

function noticesOf(answers: { headers: Headers }[]) {
  return answers.map((res) => res.headers.get(NOTICE_HEADER));
}

describe('demo provider: one purchase per period', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const open = async (member: Member, period: Period, on = server) => {
    const res = await checkout(on, member, period);
    expect(res.status).toBe(200);
    return (res.data as CheckoutResponse).url.split('session=')[1]!;
  };
  const pay = (member: Member, id: string, on = server) =>
    call(on.url, '/api/billing/demo/pay', { json: { id }, cookie: member.cookie });
  const session = async (member: Member, id: string) =>
    (await call(server.url, `/api/billing/demo/session?id=${id}`, { cookie: member.cookie }))
      .data as DemoCheckoutSession;

  it('monthly and yearly opened while Free, both paid, both confirmed: one payment, the second refunded', async () => {
    const member = await newMember(server);
    const monthly = await open(member, 'monthly');
    const yearly = await open(member, 'yearly');
    const unpaid = await open(member, 'monthly');
    expect((await pay(member, monthly)).status).toBe(200);
    expect((await pay(member, yearly)).status).toBe(200);

    const first = await paymentSuccess(server, member, monthly);
    expect(first.status).toBe(200);
    expect(first.headers.get(NOTICE_HEADER)).toBeNull();
    const pro = (first.data as User).membership;
    expect(pro).toMatchObject({ plan: Plan.PRO, subscription: Subscription.MONTHLY });

    const second = await paymentSuccess(server, member, yearly);
    expect(second.status).toBe(200);
    // Still the user object of the spec, unchanged: the yearly payment bought nothing more.
    expect((second.data as User).membership).toEqual(pro);
    expect(second.headers.get(NOTICE_HEADER)).toBe(REFUNDED);
    // Asking again answers the same, and still records nothing.
    const again = await paymentSuccess(server, member, yearly);
    expect(again.data).toEqual(second.data);
    expect(again.headers.get(NOTICE_HEADER)).toBe(REFUNDED);

    // Its demo page cannot take it again either.
    const payAgain = await pay(member, yearly);
    expect(payAgain.status).toBe(409);
    expect((payAgain.data as { message: string }).message).toBe(REFUNDED);

    const payments = await paymentsOf(server, member);
    expect(payments.map((row) => row.checkoutSessionId)).toEqual([monthly]);
    expect((await summary(server, member)).demoPayments.map((row) => row.amountUsd)).toEqual([9.99]);
    expect((await statusOf(server, member)).membership).toEqual(pro);

    // The checkout left open in a third tab expired with the first fulfilment, and says why when paid.
    expect((await session(member, unpaid)).status).toBe('canceled');
    const late = await pay(member, unpaid);
    expect(late.status).toBe(409);
    expect(late.data).toEqual({ code: 'conflict', message: EXPIRED_PRO });
    expect(await paymentsOf(server, member)).toHaveLength(1);
  });

  it('five checkouts paid at once and confirmed at once: one payment, one period', async () => {
    const member = await newMember(server);
    const periods: Period[] = ['monthly', 'yearly', 'monthly', 'yearly', 'monthly'];
    const ids = await Promise.all(periods.map((period) => open(member, period)));
    const paid = await Promise.all(ids.map((id) => pay(member, id)));
    expect(paid.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);

    const answers = await Promise.all(ids.map((id) => paymentSuccess(server, member, id)));
    const payments = await paymentsOf(server, member);
    expect(payments).toHaveLength(1);
    expectOneAnswer(answers, member);
    expect(noticesOf(answers).filter((notice) => notice === REFUNDED)).toHaveLength(4);
    // The membership is the one period recorded.
    expect((await statusOf(server, member)).membership.expireAt).toBe(payments[0]!.periodEnd);
  });

  it('paying a checkout that is still open after becoming Pro is refused with the reason, and expires it', async () => {
    const member = await newMember(server);
    const first = await open(member, 'monthly');
    await pay(member, first);
    // Opened in the same moment as the upgrade (the guard read Free): still open afterwards.
    const racing = await open(member, 'yearly');
    expect((await paymentSuccess(server, member, first)).status).toBe(200);
    const res = await pay(member, racing);
    expect(res.status).toBe(409);
    expect((res.data as { message: string }).message).toBe(EXPIRED_PRO);
    expect(await paymentsOf(server, member)).toHaveLength(1);
  });

  it.skipIf(!onPostgres)(
    'two server processes on one PostgreSQL: five confirmations across both, one payment',
    async () => {
      const other = await startTestServer();
      try {
        const member = await newMember(server);
        const ids = await Promise.all(
          ['monthly', 'yearly', 'monthly', 'yearly', 'monthly'].map((p) => open(member, p as Period)),
        );
        await Promise.all(ids.map((id, i) => pay(member, id, i % 2 ? other : server)));
        const answers = await Promise.all(
          [...ids, ...ids].map((id, i) => paymentSuccess(i % 2 ? other : server, member, id)),
        );
        expect(await paymentsOf(server, member)).toHaveLength(1);
        expectOneAnswer(answers, member);
      } finally {
        await other.close();
      }
    },
  );
});

describe('Stripe: one purchase per period (fake Stripe API on loopback)', () => {
  let fake: FakeStripe;
  let server: TestServer;
  beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startTestServer({ env: fake.env() });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const sessionIdOf = (res: { data: unknown }) => (res.data as CheckoutResponse).url.split('/').at(-1)!;
  const openSessions = async (member: Member, periods: Period[]) => {
    const answers = await Promise.all(periods.map((period) => checkout(server, member, period)));
    expect(answers.map((res) => res.status)).toEqual(periods.map(() => 200));
    return answers.map(sessionIdOf);
  };
  const pay = (id: string, periodEnd = Math.floor(Date.now() / 1000) + 30 * DAY_S) => {
    const price = fake.sessions.get(id)!.price as string;
    const yearly = price === FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY;
    return fake.complete(id, { periodEnd: yearly ? periodEnd + 335 * DAY_S : periodEnd });
  };
  const deliver = (event: Record<string, unknown>) => {
    const { body, signature } = signedWebhook(event);
    return call(server.url, '/api/stripe/webhook', {
      body,
      contentType: 'application/json',
      origin: null,
      headers: { 'stripe-signature': signature },
    });
  };
  const completed = (id: string) => stripeEvent('checkout.session.completed', fake.sessions.get(id)!);
  const billingOf = async (member: Member) =>
    (await server.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, member.id)))[0];

  /** One subscription kept and recorded; every other paid one refunded in full and cancelled; open ones expired. */
  async function expectOnePeriod(member: Member, paid: string[], unpaid: string[]) {
    const payments = await paymentsOf(server, member);
    expect(payments).toHaveLength(1);
    const kept = payments[0]!.checkoutSessionId;
    expect(paid).toContain(kept);
    const keptSubscription = fake.sessions.get(kept)!.subscription as string;
    expect(fake.subscriptions.get(keptSubscription)!.status).toBe('active');
    expect(fake.refundsFor(keptSubscription)).toEqual([]);
    for (const id of paid.filter((other) => other !== kept)) {
      const subscription = fake.subscriptions.get(fake.sessions.get(id)!.subscription as string)!;
      expect(subscription.status, id).toBe('canceled');
      const refunds = fake.refundsFor(subscription.id as string);
      expect(refunds, id).toHaveLength(1);
      expect(refunds[0]!.reason).toBe('duplicate');
    }
    for (const id of unpaid) expect(fake.sessions.get(id)!.status, id).toBe('expired');
    // The membership is the kept subscription's one period, and only it is ours.
    const periodEnd = (fake.subscriptions.get(keptSubscription)!.items as { data: { current_period_end: number }[] })
      .data[0]!.current_period_end;
    const membership = (await statusOf(server, member)).membership;
    expect(membership.expireAt).toBe(periodEnd * 1000);
    expect(membership.expireAt).toBe(payments[0]!.periodEnd);
    expect((await billingOf(member))!.subscriptionId).toBe(keptSubscription);
    return { kept, keptSubscription };
  }

  it('the checkouts of one person share one Stripe customer, so they can be found and expired', async () => {
    const member = await newMember(server);
    const ids = await openSessions(member, ['monthly', 'yearly', 'monthly']);
    const customers = new Set(ids.map((id) => fake.sessions.get(id)!.customer));
    expect(customers.size).toBe(1);
    expect([...customers][0]).toMatch(/^cus_/);
    expect((await billingOf(member))!.customerId).toBe([...customers][0]);
    // Not a subscriber yet: Free, and no billing portal.
    expect((await statusOf(server, member)).membership.plan).toBe(Plan.FREE);
    expect((await summary(server, member)).portal).toBe(false);
  });

  it('two sessions paid, confirmed at once: one period, the other refunded and cancelled, the open one expired', async () => {
    const member = await newMember(server);
    const [monthly, yearly, unpaid] = await openSessions(member, ['monthly', 'yearly', 'monthly']);
    pay(monthly!);
    pay(yearly!);
    const answers = await Promise.all([monthly!, yearly!].map((id) => paymentSuccess(server, member, id)));
    expect(await paymentsOf(server, member)).toHaveLength(1);
    expectOneAnswer(answers, member);
    expect(noticesOf(answers).filter((notice) => notice === REFUNDED)).toHaveLength(1);
    await expectOnePeriod(member, [monthly!, yearly!], [unpaid!]);
    // The expired one can no longer be paid at Stripe.
    expect(() => fake.complete(unpaid!)).toThrow(/expired/);

    // Confirming the refunded one again changes nothing and refunds nothing more.
    const refunded = answers.findIndex((res) => res.headers.get(NOTICE_HEADER) === REFUNDED);
    const again = await paymentSuccess(server, member, [monthly!, yearly!][refunded]!);
    expect(again.data).toEqual(answers[0]!.data);
    expect(again.headers.get(NOTICE_HEADER)).toBe(REFUNDED);
    await expectOnePeriod(member, [monthly!, yearly!], [unpaid!]);
  });

  it('five sessions paid, confirmed at once and through their webhooks: one period, four refunds', async () => {
    const member = await newMember(server);
    const ids = await openSessions(member, ['monthly', 'yearly', 'monthly', 'yearly', 'monthly']);
    for (const id of ids) pay(id);
    const events = ids.map(completed);
    const [answers, hooks] = await Promise.all([
      Promise.all(ids.map((id) => paymentSuccess(server, member, id))),
      Promise.all(events.map(deliver)),
    ]);
    expect(hooks.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await paymentsOf(server, member)).toHaveLength(1);
    expectOneAnswer(answers, member);
    const { keptSubscription } = await expectOnePeriod(member, ids, []);
    const refunded = ids
      .map((id) => fake.sessions.get(id)!.subscription as string)
      .filter((s) => s !== keptSubscription);
    expect(refunded.flatMap((subscription) => fake.refundsFor(subscription))).toHaveLength(4);

    // A refunded subscription's events never move the membership.
    const before = (await statusOf(server, member)).membership;
    const stray = fake.subscriptions.get(refunded[0]!)!;
    const renewed = fake.subscriptionObject(stray.id as string, stray.customer as string, {
      status: 'active',
      price: FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY,
      periodStart: Math.floor(Date.now() / 1000),
      periodEnd: Math.floor(Date.now() / 1000) + 400 * DAY_S,
    });
    expect((await deliver(stripeEvent('customer.subscription.updated', renewed))).status).toBe(200);
    expect((await deliver(stripeEvent('customer.subscription.deleted', { ...stray, status: 'canceled' }))).status).toBe(
      200,
    );
    expect((await statusOf(server, member)).membership).toEqual(before);
  });

  it('webhooks alone (the browsers never came back): one period, the rest refunded', async () => {
    const member = await newMember(server);
    const ids = await openSessions(member, ['yearly', 'monthly', 'monthly']);
    for (const id of ids.slice(0, 2)) pay(id);
    const hooks = await Promise.all(ids.slice(0, 2).map((id) => deliver(completed(id))));
    expect(hooks.map((res) => res.status)).toEqual([200, 200]);
    await expectOnePeriod(member, ids.slice(0, 2), ids.slice(2));
    // The same event again refunds nothing more.
    expect((await deliver(completed(ids[0]!))).status).toBe(200);
    expect((await deliver(completed(ids[1]!))).status).toBe(200);
    await expectOnePeriod(member, ids.slice(0, 2), ids.slice(2));
  });

  it('Stripe failing while refunding: 502, nothing recorded, and the retry refunds it', async () => {
    const member = await newMember(server);
    const [first, second] = await openSessions(member, ['monthly', 'monthly']);
    pay(first!);
    pay(second!);
    expect((await paymentSuccess(server, member, first!)).status).toBe(200);
    fake.failing = ['/v1/refunds'];
    try {
      const failed = await paymentSuccess(server, member, second!);
      expect(failed.status).toBe(502);
      const hook = await deliver(completed(second!));
      expect(hook.status).toBe(502);
    } finally {
      fake.failing = [];
    }
    expect(fake.subscriptions.get(fake.sessions.get(second!)!.subscription as string)!.status).toBe('active');
    const retried = await paymentSuccess(server, member, second!);
    expect(retried.status).toBe(200);
    expect(retried.headers.get(NOTICE_HEADER)).toBe(REFUNDED);
    await expectOnePeriod(member, [first!, second!], []);
  });

  it('a paid checkout whose subscription ended before it was confirmed makes nobody Pro (409)', async () => {
    const member = await newMember(server);
    const [id] = await openSessions(member, ['monthly']);
    const { subscriptionId } = pay(id!);
    fake.subscriptions.get(subscriptionId)!.status = 'canceled';
    const res = await paymentSuccess(server, member, id!);
    expect(res.status).toBe(409);
    expect((res.data as { message: string }).message).toBe(
      'The subscription for this checkout has ended, so your plan has not changed.',
    );
    expect(await paymentsOf(server, member)).toEqual([]);
    expect((await statusOf(server, member)).membership.plan).toBe(Plan.FREE);
    expect(fake.refundsFor(subscriptionId)).toEqual([]);
  });

  it.skipIf(!onPostgres)('two server processes on one PostgreSQL: confirmations and webhooks across both', async () => {
    const other = await startTestServer({ env: fake.env() });
    try {
      const member = await newMember(server);
      const ids = await openSessions(member, ['monthly', 'yearly', 'monthly', 'yearly', 'monthly']);
      for (const id of ids) pay(id);
      const [answers] = await Promise.all([
        Promise.all([...ids, ...ids].map((id, i) => paymentSuccess(i % 2 ? other : server, member, id))),
        Promise.all(ids.map(completed).map(deliver)),
      ]);
      expect(await paymentsOf(server, member)).toHaveLength(1);
      expectOneAnswer(answers, member);
      await expectOnePeriod(member, ids, []);
    } finally {
      await other.close();
    }
  });
});
