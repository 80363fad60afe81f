import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '@turtle/shared/billing';
import { PRO_DAILY_REPLIES } from '@turtle/shared/constants';
import type { User } from '@turtle/shared/user';
import {
  chatLimit,
  checkout,
  expectUserShape,
  FREE_MEMBERSHIP,
  fulfillmentCount,
  newMember,
  paymentSuccess,
  statusOf,
  type Member,
} from './support/billing';
import { FAKE_STRIPE_ENV } from './support/fake-stripe';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// Buying Pro with Stripe (a fake Stripe API on loopback); billing.test.ts: with the demo provider.

const UNREACHABLE = 'The payment provider could not be reached. Please try again.';

describe('Stripe provider (fake Stripe API on loopback)', () => {
  const server = useTestServer({ fakeStripe: true });

  /** Checkout through the app, then the customer pays on the fake Stripe. */
  const paidSession = async (member: Member, period: 'monthly' | 'yearly', options = {}) => {
    const res = await checkout(server, member, period);
    expect(res.status).toBe(200);
    const id = [...server.fakeStripe.sessions.keys()].at(-1)!;
    expect((res.data as CheckoutResponse).url).toBe(`https://checkout.stripe.test/c/pay/${id}`);
    return { id, ...server.fakeStripe.complete(id, options) };
  };
  const requestsSince = (count: number) => server.fakeStripe.requests.slice(count);

  it('names Stripe in the public config', async () => {
    expect(((await call(server.url, '/api/config')).data as { payments: string }).payments).toBe('stripe');
  });

  it('creates a subscription Checkout Session with our price, the user as reference and our return addresses', async () => {
    const member = await newMember(server);
    const before = server.fakeStripe.requests.length;
    const res = await checkout(server, member, 'yearly');
    expect(res.status).toBe(200);
    // The person's customer first (decision 018, "one purchase per period": all their checkouts name it, so the
    // open ones can be expired).
    const [customer, sent] = requestsSince(before);
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(Object.fromEntries(customer!.form)).toEqual({
      email: expect.stringContaining('@'),
      'metadata[userId]': member.id,
    });
    const customerId = [...server.fakeStripe.customers.keys()].at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent!.authorization).toBe(`Bearer ${FAKE_STRIPE_ENV.STRIPE_SECRET_KEY}`);
    expect(Object.fromEntries(sent!.form)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY,
      'line_items[0][quantity]': '1',
      client_reference_id: member.id,
      success_url: `${server.url}/payment/success?cs_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${server.url}/pricing`,
      customer: customerId,
    });
    expect(Object.keys(res.data as object)).toEqual(['url']);
    // The next checkout reuses the customer without asking Stripe for another.
    const next = server.fakeStripe.requests.length;
    expect((await checkout(server, member, 'monthly')).status).toBe(200);
    expect(requestsSince(next).map((request) => request.path)).toEqual(['/v1/checkout/sessions']);
    expect(requestsSince(next)[0]!.form.get('customer')).toBe(customerId);
  });

  it('upgrades on a complete, paid session of the caller: plan 1, the period bought, expireAt = period end', async () => {
    const member = await newMember(server);
    const periodEnd = Math.floor(Date.now() / 1000) + 31 * 86_400;
    const { id } = await paidSession(member, 'monthly', { periodEnd });
    const before = server.fakeStripe.requests.length;
    const res = await paymentSuccess(server, member, id);
    expect(res.status).toBe(200);
    expectUserShape(res.data);
    expect((res.data as User).membership).toEqual({ plan: 1, subscription: 1, expireAt: periodEnd * 1000 });
    expect(await statusOf(server, member)).toEqual(res.data);
    const [asked] = requestsSince(before);
    expect(asked).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${id}` });
    expect([...asked!.query.values()]).toContain('subscription');
    expect(await chatLimit(server, member)).toBe(PRO_DAILY_REPLIES);

    // Asking again answers the same user without changing anything (or asking Stripe).
    const again = await paymentSuccess(server, member, id);
    expect(again.data).toEqual(res.data);
    expect(await fulfillmentCount(server, id)).toBe(1);
  });

  it('yearly sets subscription 2; a subscription without expansion is fetched', async () => {
    const member = await newMember(server);
    const { id, subscriptionId } = await paidSession(member, 'yearly');
    server.fakeStripe.ignoreExpand = true;
    try {
      const before = server.fakeStripe.requests.length;
      const user = (await paymentSuccess(server, member, id)).data as User;
      expect(user.membership).toMatchObject({ plan: 1, subscription: 2 });
      expect(requestsSince(before).map((req) => req.path)).toContain(`/v1/subscriptions/${subscriptionId}`);
    } finally {
      server.fakeStripe.ignoreExpand = false;
    }
  });

  it("another user's session: 404, and neither user changes", async () => {
    const alice = await newMember(server, 'Alice');
    const bob = await newMember(server, 'Bob');
    const { id } = await paidSession(alice, 'monthly');
    const res = await paymentSuccess(server, bob, id);
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ code: 'notFound', message: 'That checkout does not exist.' });
    expect((await statusOf(server, bob)).membership).toEqual(FREE_MEMBERSHIP);
    expect((await statusOf(server, alice)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await fulfillmentCount(server, id)).toBe(0);
  });

  it('unpaid, open or expired sessions: 409 with a message, plan unchanged', async () => {
    const cases = [
      { status: 'complete', paymentStatus: 'unpaid' },
      { status: 'open', paymentStatus: 'unpaid' },
      { status: 'expired', paymentStatus: 'unpaid' },
      { status: 'open', paymentStatus: 'paid' },
    ] as const;
    for (const options of cases) {
      const member = await newMember(server);
      const { id } = await paidSession(member, 'monthly', options);
      const res = await paymentSuccess(server, member, id);
      expect(res.status, JSON.stringify(options)).toBe(409);
      expect((res.data as { message: string }).message).toBe(
        'This checkout has not been paid, so your plan has not changed.',
      );
      expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    }
  });

  it('a complete session with nothing to pay (a 100% coupon) counts as paid', async () => {
    const member = await newMember(server);
    const { id } = await paidSession(member, 'monthly', { paymentStatus: 'no_payment_required' });
    expect(((await paymentSuccess(server, member, id)).data as User).membership.plan).toBe(1);
  });

  it('a price that is not ours: 400, plan unchanged', async () => {
    const member = await newMember(server);
    const { id } = await paidSession(member, 'monthly', { price: 'price_someone_else' });
    const res = await paymentSuccess(server, member, id);
    expect(res.status).toBe(400);
    expect((res.data as { message: string }).message).toBe('This checkout is not for a Turtle plan.');
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
  });

  it('a malformed csId is refused with 400 without calling Stripe; an unknown one is 404', async () => {
    const member = await newMember(server);
    const before = server.fakeStripe.requests.length;
    for (const csId of ['x', 'cs_live_', 'cs_prod_abc', 'cs_test_abc/../x', `cs_demo_${'0'.repeat(32)}`, 'pi_123']) {
      expect((await paymentSuccess(server, member, csId)).status, csId).toBe(400);
    }
    expect(requestsSince(before)).toEqual([]);
    expect((await paymentSuccess(server, member, 'cs_test_doesnotexist')).status).toBe(404);
  });

  it('Stripe unreachable: 502 with a message, nothing applied; it works once Stripe is back', async () => {
    const member = await newMember(server);
    const { id } = await paidSession(member, 'monthly');
    server.fakeStripe.dropConnections = true;
    try {
      const res = await paymentSuccess(server, member, id);
      expect(res.status).toBe(502);
      expect(res.data).toEqual({ code: 'unavailable', message: UNREACHABLE });
      expect((await checkout(server, member, 'monthly')).status).toBe(502);
    } finally {
      server.fakeStripe.dropConnections = false;
    }
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await fulfillmentCount(server, id)).toBe(0);
    expect(((await paymentSuccess(server, member, id)).data as User).membership.plan).toBe(1);
  });

  it('Stripe failing half-way (session read, subscription not): 502 and nothing half-applied', async () => {
    const member = await newMember(server);
    const { id } = await paidSession(member, 'monthly');
    server.fakeStripe.ignoreExpand = true;
    server.fakeStripe.failing = ['/v1/subscriptions/'];
    try {
      const res = await paymentSuccess(server, member, id);
      expect(res.status).toBe(502);
      expect((res.data as { message: string }).message).toBe(UNREACHABLE);
    } finally {
      server.fakeStripe.ignoreExpand = false;
      server.fakeStripe.failing = [];
    }
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await fulfillmentCount(server, id)).toBe(0);
  });

  it('a subscribed member cannot start a second subscription; the portal opens for them only', async () => {
    const member = await newMember(server);
    const { id, customerId } = await paidSession(member, 'monthly');
    await paymentSuccess(server, member, id);
    const second = await checkout(server, member, 'yearly');
    expect(second.status).toBe(409);
    expect((second.data as { message: string }).message).toBe(
      'You already have Pro. Switch to yearly billing from Plan & billing instead of buying it again.',
    );

    const before = server.fakeStripe.requests.length;
    const portal = await call(server.url, '/api/billing/portal', { method: 'POST', cookie: member.cookie });
    expect(portal.status).toBe(200);
    expect(Object.keys(portal.data as object)).toEqual(['url']);
    expect((portal.data as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const [sent] = requestsSince(before);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
    expect(Object.fromEntries(sent!.form)).toEqual({
      customer: customerId,
      return_url: `${server.url}/account/billing`,
    });

    const free = await newMember(server);
    expect((await call(server.url, '/api/billing/portal', { method: 'POST', cookie: free.cookie })).status).toBe(404);
  });
});

describe('secrets', () => {
  const lines: string[] = [];
  const server = useTestServer({
    fakeStripe: true,
    env: { LOG_LEVEL: 'debug' },
    logDestination: { write: (line) => void lines.push(line) },
  });

  it('never logs the Stripe keys, also when Stripe fails or a webhook is forged', async () => {
    const fake = server.fakeStripe;
    const member = await newMember(server);
    expect((await checkout(server, member, 'monthly')).status).toBe(200);
    const id = [...fake.sessions.keys()].at(-1)!;
    fake.complete(id);
    fake.dropConnections = true;
    expect((await paymentSuccess(server, member, id)).status).toBe(502);
    fake.dropConnections = false;
    fake.failing = ['*'];
    expect((await paymentSuccess(server, member, id)).status).toBe(502);
    fake.failing = [];
    const forged = await call(server.url, '/api/stripe/webhook', {
      json: { id: 'evt_1' },
      headers: { 'stripe-signature': 't=1,v1=00' },
    });
    expect(forged.status).toBe(400);
    const logs = lines.join('');
    expect(logs).toContain('payment provider unavailable');
    expect(logs).not.toContain(FAKE_STRIPE_ENV.STRIPE_SECRET_KEY);
    expect(logs).not.toContain(FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET);
  });
});
