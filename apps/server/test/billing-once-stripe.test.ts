import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '@turtle/shared/billing';
import { Plan } from '@turtle/shared/plans';
import { billingCustomers } from '../src/db/schema';
import { call } from './support/http';
import { checkout, newMember, paymentSuccess, statusOf, type Member } from './support/billing';
import { FAKE_STRIPE_ENV } from './support/fake-stripe';
import { subscriptionObject } from './support/fake-stripe-objects';
import { signedWebhook, stripeEvent } from './support/stripe-events';
import {
  expectOneAnswer,
  NOTICE_HEADER,
  noticesOf,
  onPostgres,
  paymentsOf,
  REFUNDED,
  summary,
  type Period,
} from './support/one-purchase';
import { useTestServer, withTestServer } from './support/use-test-server';

/**
 * Pro is bought once per period (decision 018, "one purchase per period"), here with Stripe: checkouts opened in
 * several tabs while Free, all paid and confirmed (at once, through the webhook, or through two servers on one
 * PostgreSQL database), keep one subscription; every other paid one is refunded in full and cancelled, and the open
 * ones expire.
 */

const DAY_S = 86_400;

describe('Stripe: one purchase per period (fake Stripe API on loopback)', () => {
  const server = useTestServer({ fakeStripe: true });

  const sessionIdOf = (res: { data: unknown }) => (res.data as CheckoutResponse).url.split('/').at(-1)!;
  const openSessions = async (member: Member, periods: Period[]) => {
    const answers = await Promise.all(periods.map((period) => checkout(server, member, period)));
    expect(answers.map((res) => res.status)).toEqual(periods.map(() => 200));
    return answers.map(sessionIdOf);
  };
  const pay = (id: string, periodEnd = Math.floor(Date.now() / 1000) + 30 * DAY_S) => {
    const price = server.fakeStripe.sessions.get(id)!.price as string;
    const yearly = price === FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY;
    return server.fakeStripe.complete(id, { periodEnd: yearly ? periodEnd + 335 * DAY_S : periodEnd });
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
  const completed = (id: string) => stripeEvent('checkout.session.completed', server.fakeStripe.sessions.get(id)!);
  const billingOf = async (member: Member) =>
    (await server.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, member.id)))[0];

  /** One subscription kept and recorded; every other paid one refunded in full and cancelled; open ones expired. */
  async function expectOnePeriod(member: Member, paid: string[], unpaid: string[]) {
    const payments = await paymentsOf(server, member);
    expect(payments).toHaveLength(1);
    const kept = payments[0]!.checkoutSessionId;
    expect(paid).toContain(kept);
    const keptSubscription = server.fakeStripe.sessions.get(kept)!.subscription as string;
    expect(server.fakeStripe.subscriptions.get(keptSubscription)!.status).toBe('active');
    expect(server.fakeStripe.refundsFor(keptSubscription)).toEqual([]);
    for (const id of paid.filter((other) => other !== kept)) {
      const subscription = server.fakeStripe.subscriptions.get(
        server.fakeStripe.sessions.get(id)!.subscription as string,
      )!;
      expect(subscription.status, id).toBe('canceled');
      const refunds = server.fakeStripe.refundsFor(subscription.id as string);
      expect(refunds, id).toHaveLength(1);
      expect(refunds[0]!.reason).toBe('duplicate');
    }
    for (const id of unpaid) expect(server.fakeStripe.sessions.get(id)!.status, id).toBe('expired');
    // The membership is the kept subscription's one period, and only it is ours.
    const periodEnd = (
      server.fakeStripe.subscriptions.get(keptSubscription)!.items as { data: { current_period_end: number }[] }
    ).data[0]!.current_period_end;
    const membership = (await statusOf(server, member)).membership;
    expect(membership.expireAt).toBe(periodEnd * 1000);
    expect(membership.expireAt).toBe(payments[0]!.periodEnd);
    expect((await billingOf(member))!.subscriptionId).toBe(keptSubscription);
    return { kept, keptSubscription };
  }

  it('the checkouts of one person share one Stripe customer, so they can be found and expired', async () => {
    const member = await newMember(server);
    const ids = await openSessions(member, ['monthly', 'yearly', 'monthly']);
    const customers = new Set(ids.map((id) => server.fakeStripe.sessions.get(id)!.customer));
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
    expect(() => server.fakeStripe.complete(unpaid!)).toThrow(/expired/);

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
      .map((id) => server.fakeStripe.sessions.get(id)!.subscription as string)
      .filter((s) => s !== keptSubscription);
    expect(refunded.flatMap((subscription) => server.fakeStripe.refundsFor(subscription))).toHaveLength(4);

    // A refunded subscription's events never move the membership.
    const before = (await statusOf(server, member)).membership;
    const stray = server.fakeStripe.subscriptions.get(refunded[0]!)!;
    const renewed = subscriptionObject(stray.id as string, stray.customer as string, {
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
    server.fakeStripe.failing = ['/v1/refunds'];
    try {
      const failed = await paymentSuccess(server, member, second!);
      expect(failed.status).toBe(502);
      const hook = await deliver(completed(second!));
      expect(hook.status).toBe(502);
    } finally {
      server.fakeStripe.failing = [];
    }
    expect(
      server.fakeStripe.subscriptions.get(server.fakeStripe.sessions.get(second!)!.subscription as string)!.status,
    ).toBe('active');
    const retried = await paymentSuccess(server, member, second!);
    expect(retried.status).toBe(200);
    expect(retried.headers.get(NOTICE_HEADER)).toBe(REFUNDED);
    await expectOnePeriod(member, [first!, second!], []);
  });

  it('a paid checkout whose subscription ended before it was confirmed makes nobody Pro (409)', async () => {
    const member = await newMember(server);
    const [id] = await openSessions(member, ['monthly']);
    const { subscriptionId } = pay(id!);
    server.fakeStripe.subscriptions.get(subscriptionId)!.status = 'canceled';
    const res = await paymentSuccess(server, member, id!);
    expect(res.status).toBe(409);
    expect((res.data as { message: string }).message).toBe(
      'The subscription for this checkout has ended, so your plan has not changed.',
    );
    expect(await paymentsOf(server, member)).toEqual([]);
    expect((await statusOf(server, member)).membership.plan).toBe(Plan.FREE);
    expect(server.fakeStripe.refundsFor(subscriptionId)).toEqual([]);
  });

  it.skipIf(!onPostgres)('two server processes on one PostgreSQL: confirmations and webhooks across both', async () => {
    // A second app on the same database and the same Stripe, as a second process would be.
    await withTestServer({ env: server.fakeStripe.env() }, async (other) => {
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
    });
  });
});
