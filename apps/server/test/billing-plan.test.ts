import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse, SubscriptionSummary } from '@turtle/shared/billing';
import { Plan, Subscription } from '@turtle/shared/plans';
import { billingCustomers, users } from '../src/db/schema';
import { addPeriod } from '../src/providers/payments/demo-provider';
import { call } from './support/http';
import { checkout, newMember, paymentSuccess, statusOf, type Member } from './support/billing';
import { FAKE_STRIPE_ENV } from './support/fake-stripe';
import type { TestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

const DAY = 86_400_000;
const ALREADY_MONTHLY =
  'You already have Pro, billed monthly. Manage it from Plan & billing instead of buying it again.';
const SWITCH_YEARLY = 'You already have Pro. Switch to yearly billing from Plan & billing instead of buying it again.';

const summary = (server: TestServer, member: Member) =>
  call(server.url, '/api/billing/subscription', { cookie: member.cookie });
const renewal = (server: TestServer, member: Member, body: unknown, origin?: string | null) =>
  call(server.url, '/api/billing/renewal', { json: body, cookie: member.cookie, origin });
const changePeriod = (server: TestServer, member: Member, body: unknown, origin?: string | null) =>
  call(server.url, '/api/billing/period', { json: body, cookie: member.cookie, origin });

describe('plans with the demo provider', () => {
  const server = useTestServer();

  const buyDemo = async (member: Member, period: 'monthly' | 'yearly') => {
    const res = await checkout(server, member, period);
    expect(res.status).toBe(200);
    const id = (res.data as CheckoutResponse).url.split('session=')[1]!;
    expect((await call(server.url, '/api/billing/demo/pay', { json: { id }, cookie: member.cookie })).status).toBe(200);
    expect((await paymentSuccess(server, member, id)).status).toBe(200);
    return id;
  };

  it('Free: the summary says Free, with nothing to renew and no payments', async () => {
    const member = await newMember(server);
    const res = await summary(server, member);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      plan: 'free',
      period: null,
      periodEnd: null,
      renews: false,
      pastDue: false,
      provider: 'demo',
      portal: false,
      demoPayments: [],
      complimentary: false,
    } satisfies SubscriptionSummary);
  });

  it('a Pro member cannot buy Pro again: checkout and a Pay opened before are refused (409), nothing changes', async () => {
    const EXPIRED_PRO = 'This checkout has expired because Pro is already active.';
    const member = await newMember(server);
    // A second checkout opened in another tab while still Free.
    const stale = ((await checkout(server, member, 'monthly')).data as CheckoutResponse).url.split('session=')[1]!;
    await buyDemo(member, 'monthly');
    const before = await statusOf(server, member);

    const again = await checkout(server, member, 'monthly');
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ code: 'conflict', message: ALREADY_MONTHLY });
    const other = await checkout(server, member, 'yearly');
    expect(other.status).toBe(409);
    expect((other.data as { message: string }).message).toBe(SWITCH_YEARLY);

    // The upgrade expired the checkout left open in the other tab (decision 018, "one purchase per period"); paying
    // it says why.
    const pay = await call(server.url, '/api/billing/demo/pay', { json: { id: stale }, cookie: member.cookie });
    expect(pay.status).toBe(409);
    expect((pay.data as { message: string }).message).toBe(EXPIRED_PRO);
    expect(await statusOf(server, member)).toEqual(before);
    const payments = (await summary(server, member)).data as SubscriptionSummary;
    expect(payments.demoPayments).toHaveLength(1);
  });

  it('a renewing demo Pro: renews on the period end; cancel makes it end there, resume renews again', async () => {
    const member = await newMember(server);
    const started = Date.now();
    await buyDemo(member, 'monthly');
    const pro = (await summary(server, member)).data as SubscriptionSummary;
    expect(pro).toMatchObject({ plan: 'pro', period: 'monthly', renews: true, pastDue: false, portal: false });
    expect(pro.periodEnd).toBeGreaterThanOrEqual(addPeriod(started, 'monthly'));
    expect(pro.demoPayments).toEqual([
      { id: expect.stringMatching(/^cs_demo_/), period: 'monthly', amountUsd: 9.99, paidAt: expect.any(Number) },
    ]);

    const cancel = await renewal(server, member, { renew: false });
    expect(cancel.status).toBe(200);
    expect(cancel.data).toMatchObject({ plan: 'pro', renews: false, periodEnd: pro.periodEnd });
    // Still Pro until the end of what was paid.
    expect((await statusOf(server, member)).membership.plan).toBe(Plan.PRO);
    const resume = await renewal(server, member, { renew: true });
    expect(resume.data).toMatchObject({ plan: 'pro', renews: true, periodEnd: pro.periodEnd });
  });

  it('switches monthly to yearly and back; the same period again is a 409', async () => {
    const member = await newMember(server);
    await buyDemo(member, 'monthly');
    const same = await changePeriod(server, member, { period: 'monthly' });
    expect(same.status).toBe(409);
    expect((same.data as { message: string }).message).toBe('Your plan is already billed monthly.');

    const before = Date.now();
    const yearly = await changePeriod(server, member, { period: 'yearly' });
    expect(yearly.status).toBe(200);
    const data = yearly.data as SubscriptionSummary;
    expect(data).toMatchObject({ plan: 'pro', period: 'yearly', renews: true });
    expect(data.periodEnd).toBeGreaterThanOrEqual(addPeriod(before, 'yearly'));
    expect(data.demoPayments.map((payment) => payment.amountUsd)).toEqual([99, 9.99]);
    expect((await statusOf(server, member)).membership.subscription).toBe(Subscription.YEARLY);

    const monthly = await changePeriod(server, member, { period: 'monthly' });
    expect((monthly.data as SubscriptionSummary).period).toBe('monthly');
    expect((await statusOf(server, member)).membership.subscription).toBe(Subscription.MONTHLY);
  });

  it('a demo Pro past its period renews the next time the member is seen, unless cancelled', async () => {
    const db = server.database.db;
    const renewing = await newMember(server);
    await buyDemo(renewing, 'monthly');
    const lapsedAt = Date.now() - 2 * DAY;
    await db.update(users).set({ expireAt: lapsedAt }).where(eq(users.id, renewing.id));
    const renewed = await statusOf(server, renewing);
    expect(renewed.membership).toEqual({
      plan: Plan.PRO,
      subscription: Subscription.MONTHLY,
      expireAt: addPeriod(lapsedAt, 'monthly'),
    });

    const ending = await newMember(server);
    await buyDemo(ending, 'monthly');
    await renewal(server, ending, { renew: false });
    await db.update(users).set({ expireAt: lapsedAt }).where(eq(users.id, ending.id));
    expect((await statusOf(server, ending)).membership.expireAt).toBe(lapsedAt);
    expect(((await summary(server, ending)).data as SubscriptionSummary).plan).toBe('free');
  });

  it('bad input (400), Free members (409), no session (401), another origin (403)', async () => {
    const member = await newMember(server);
    for (const body of [{}, { renew: 'yes' }, { renew: null }, []]) {
      const res = await renewal(server, member, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.data as { code: string }).code).toBe('validation');
    }
    for (const body of [{}, { period: 'weekly' }, { period: 1 }]) {
      expect((await changePeriod(server, member, body)).status, JSON.stringify(body)).toBe(400);
    }
    const free = await renewal(server, member, { renew: false });
    expect(free.status).toBe(409);
    expect((free.data as { message: string }).message).toBe(
      'You are on the Free plan: there is no subscription to change.',
    );
    expect((await changePeriod(server, member, { period: 'yearly' })).status).toBe(409);

    const anonymous = { id: '', cookie: '' };
    expect((await summary(server, anonymous)).status).toBe(401);
    expect((await renewal(server, anonymous, { renew: true })).status).toBe(401);
    await buyDemo(member, 'monthly');
    const crossSite = await renewal(server, member, { renew: false }, 'https://evil.test');
    expect(crossSite.status).toBe(403);
    expect((await changePeriod(server, member, { period: 'yearly' }, 'https://evil.test')).status).toBe(403);
    expect(((await summary(server, member)).data as SubscriptionSummary).renews).toBe(true);
    // One member's changes never touch another's plan.
    const other = await newMember(server);
    await buyDemo(other, 'yearly');
    await renewal(server, member, { renew: false });
    expect(((await summary(server, other)).data as SubscriptionSummary).renews).toBe(true);
  });
});

describe('plans with Stripe (fake Stripe API on loopback)', () => {
  const server = useTestServer({ fakeStripe: true });

  const subscribe = async (member: Member, period: 'monthly' | 'yearly') => {
    expect((await checkout(server, member, period)).status).toBe(200);
    const id = [...server.fakeStripe.sessions.keys()].at(-1)!;
    const ids = server.fakeStripe.complete(id);
    expect((await paymentSuccess(server, member, id)).status).toBe(200);
    return ids;
  };

  it('a subscribed member cannot buy the same plan again (409), and no Checkout Session is created', async () => {
    const member = await newMember(server);
    await subscribe(member, 'monthly');
    const before = server.fakeStripe.requests.length;
    const again = await checkout(server, member, 'monthly');
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ code: 'conflict', message: ALREADY_MONTHLY });
    expect((await checkout(server, member, 'yearly')).status).toBe(409);
    expect(server.fakeStripe.requests.slice(before)).toEqual([]);
  });

  it('cancel at period end and resume go to Stripe and show on the summary', async () => {
    const member = await newMember(server);
    const { subscriptionId } = await subscribe(member, 'monthly');
    const pro = (await summary(server, member)).data as SubscriptionSummary;
    expect(pro).toMatchObject({ plan: 'pro', period: 'monthly', renews: true, provider: 'stripe', portal: true });
    expect(pro.demoPayments).toEqual([]);

    const before = server.fakeStripe.requests.length;
    const cancel = await renewal(server, member, { renew: false });
    expect(cancel.status).toBe(200);
    expect(cancel.data).toMatchObject({ renews: false, periodEnd: pro.periodEnd });
    const [sent] = server.fakeStripe.requests.slice(before);
    expect(sent).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subscriptionId}` });
    expect(sent!.form.get('cancel_at_period_end')).toBe('true');
    expect(server.fakeStripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);

    expect(((await renewal(server, member, { renew: true })).data as SubscriptionSummary).renews).toBe(true);
    expect(server.fakeStripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
  });

  it('switching to yearly moves the subscription item to the yearly price and the plan with it', async () => {
    const member = await newMember(server);
    const { subscriptionId } = await subscribe(member, 'monthly');
    const before = server.fakeStripe.requests.length;
    const res = await changePeriod(server, member, { period: 'yearly' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ plan: 'pro', period: 'yearly', renews: true });
    const update = server.fakeStripe.requests.slice(before).find((request) => request.method === 'POST');
    expect(update!.form.get('items[0][price]')).toBe(FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY);
    expect(update!.form.get('proration_behavior')).toBe('create_prorations');
    const status = await statusOf(server, member);
    expect(status.membership.subscription).toBe(Subscription.YEARLY);
    expect(status.membership.expireAt).toBeGreaterThan(Date.now() + 360 * DAY);
    const [row] = await server.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, member.id));
    expect(row!.subscriptionId).toBe(subscriptionId);
  });

  it('Stripe unreachable: 502 and nothing changes', async () => {
    const member = await newMember(server);
    await subscribe(member, 'monthly');
    server.fakeStripe.failing = ['/v1/subscriptions/'];
    try {
      const res = await renewal(server, member, { renew: false });
      expect(res.status).toBe(502);
      expect((await changePeriod(server, member, { period: 'yearly' })).status).toBe(502);
    } finally {
      server.fakeStripe.failing = [];
    }
    const after = (await summary(server, member)).data as SubscriptionSummary;
    expect(after).toMatchObject({ renews: true, period: 'monthly' });
  });
});
