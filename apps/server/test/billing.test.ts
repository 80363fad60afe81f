import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse, DemoCheckoutSession } from '@turtle/shared/billing';
import { FREE_DAILY_REPLIES, PRO_DAILY_REPLIES } from '@turtle/shared/constants';
import type { User } from '@turtle/shared/user';
import { demoCheckoutSessions } from '../src/db/schema';
import { addPeriod } from '../src/providers/payments/demo-provider';
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
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// Buying Pro with the demo provider; billing-stripe.test.ts: with Stripe.

const DAY = 86_400_000;

describe('demo provider (the default)', () => {
  const server = useTestServer();

  const startDemo = async (member: Member, period: 'monthly' | 'yearly') => {
    const res = await checkout(server, member, period);
    expect(res.status).toBe(200);
    const { url } = res.data as CheckoutResponse;
    expect(url).toMatch(/^\/checkout\/demo\?session=cs_demo_[A-Za-z0-9]{32}$/);
    return url.slice('/checkout/demo?session='.length);
  };
  const demoSession = (member: Member, id: string) =>
    call(server.url, `/api/billing/demo/session?id=${id}`, { cookie: member.cookie });
  const demoPay = (member: Member, id: string) =>
    call(server.url, '/api/billing/demo/pay', { json: { id }, cookie: member.cookie });
  const demoCancel = (member: Member, id: string) =>
    call(server.url, '/api/billing/demo/cancel', { json: { id }, cookie: member.cookie });

  it('names the demo provider in the public config', async () => {
    expect(((await call(server.url, '/api/config')).data as { payments: string }).payments).toBe('demo');
  });

  it('monthly: checkout, the demo page, Pay, then verification makes a Free user Pro for a month', async () => {
    const member = await newMember(server);
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await chatLimit(server, member)).toBe(FREE_DAILY_REPLIES);

    const id = await startDemo(member, 'monthly');
    const shown = await demoSession(member, id);
    expect(shown.status).toBe(200);
    expect(shown.data).toEqual({
      id,
      period: 'monthly',
      amountUsd: 9.99,
      status: 'open',
    } satisfies DemoCheckoutSession);

    const before = Date.now();
    const paid = await demoPay(member, id);
    expect(paid.data).toEqual({ url: `/payment/success?cs_id=${id}` });
    expect(((await demoSession(member, id)).data as DemoCheckoutSession).status).toBe('complete');

    const res = await paymentSuccess(server, member, id);
    expect(res.status).toBe(200);
    expectUserShape(res.data);
    const user = res.data as User;
    expect(user.membership).toMatchObject({ plan: 1, subscription: 1 });
    expect(user.membership.expireAt).toBeGreaterThanOrEqual(addPeriod(before, 'monthly'));
    expect(user.membership.expireAt).toBeLessThanOrEqual(addPeriod(Date.now(), 'monthly'));
    expect(user.membership.expireAt - before).toBeGreaterThanOrEqual(28 * DAY);
    expect(await statusOf(server, member)).toEqual(user);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The shared entitlements table: Pro's daily limit applies at once.
    expect(await chatLimit(server, member)).toBe(PRO_DAILY_REPLIES);
  });

  it('yearly: subscription 2 and a year of Pro', async () => {
    const member = await newMember(server);
    const id = await startDemo(member, 'yearly');
    expect(((await demoSession(member, id)).data as DemoCheckoutSession).amountUsd).toBe(99);
    const before = Date.now();
    await demoPay(member, id);
    const user = (await paymentSuccess(server, member, id)).data as User;
    expect(user.membership).toMatchObject({ plan: 1, subscription: 2 });
    expect(user.membership.expireAt).toBeGreaterThanOrEqual(addPeriod(before, 'yearly'));
    expect(user.membership.expireAt - before).toBeGreaterThanOrEqual(365 * DAY);
  });

  it('an unpaid checkout changes nothing (409), and Cancel returns to /pricing unchanged', async () => {
    const member = await newMember(server);
    const id = await startDemo(member, 'monthly');
    const early = await paymentSuccess(server, member, id);
    expect(early.status).toBe(409);
    expect(early.data).toEqual({ code: 'conflict', message: expect.stringMatching(/not been paid/) });

    expect((await demoCancel(member, id)).data).toEqual({ url: '/pricing' });
    expect((await demoCancel(member, id)).status).toBe(200);
    expect(((await demoSession(member, id)).data as DemoCheckoutSession).status).toBe('canceled');
    expect((await demoPay(member, id)).status).toBe(409);
    expect((await paymentSuccess(server, member, id)).status).toBe(409);
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await fulfillmentCount(server, id)).toBe(0);
  });

  it('a paid checkout cannot be canceled, and paying twice is harmless', async () => {
    const member = await newMember(server);
    const id = await startDemo(member, 'monthly');
    await demoPay(member, id);
    expect((await demoPay(member, id)).data).toEqual({ url: `/payment/success?cs_id=${id}` });
    expect((await demoCancel(member, id)).status).toBe(409);
  });

  it('an expired open checkout reads as canceled and cannot be paid', async () => {
    const member = await newMember(server);
    const id = await startDemo(member, 'monthly');
    await server.database.db
      .update(demoCheckoutSessions)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(demoCheckoutSessions.id, id));
    expect(((await demoSession(member, id)).data as DemoCheckoutSession).status).toBe('canceled');
    const res = await demoPay(member, id);
    expect(res.status).toBe(409);
    expect((res.data as { message: string }).message).toMatch(/expired/);
    expect((await paymentSuccess(server, member, id)).status).toBe(409);
  });

  it("another user's checkout answers 404 everywhere and upgrades nobody", async () => {
    const alice = await newMember(server, 'Alice');
    const bob = await newMember(server, 'Bob');
    const id = await startDemo(alice, 'monthly');
    expect((await demoSession(bob, id)).status).toBe(404);
    expect((await demoPay(bob, id)).status).toBe(404);
    expect((await demoCancel(bob, id)).status).toBe(404);
    expect(((await demoSession(alice, id)).data as DemoCheckoutSession).status).toBe('open');

    await demoPay(alice, id);
    const stolen = await paymentSuccess(server, bob, id);
    expect(stolen.status).toBe(404);
    expect((await statusOf(server, bob)).membership).toEqual(FREE_MEMBERSHIP);
    expect((await statusOf(server, alice)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await fulfillmentCount(server, id)).toBe(0);

    expect(((await paymentSuccess(server, alice, id)).data as User).membership.plan).toBe(1);
    // Once fulfilled for Alice, Bob still gets 404.
    expect((await paymentSuccess(server, bob, id)).status).toBe(404);
    expect((await statusOf(server, bob)).membership).toEqual(FREE_MEMBERSHIP);
  });

  it('ten verifications at once fulfil once and all answer the same upgraded user', async () => {
    const member = await newMember(server);
    const id = await startDemo(member, 'monthly');
    await demoPay(member, id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => paymentSuccess(server, member, id)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    for (const res of answers) expect(res.data).toEqual(answers[0]!.data);
    expect((answers[0]!.data as User).membership.plan).toBe(1);
    expect(await fulfillmentCount(server, id)).toBe(1);
  });

  it('refuses malformed ids with 400, and an unknown well-formed one with 404', async () => {
    const member = await newMember(server);
    for (const csId of ['', 'abc', 'cs_demo_short', `cs_demo_${'a'.repeat(31)}!`, `cs_test_${'a'.repeat(300)}`]) {
      const res = await paymentSuccess(server, member, csId);
      expect(res.status, csId).toBe(400);
      expect((res.data as { field?: string }).field).toBe('csId');
    }
    // A Stripe id while the demo provider runs is as wrong as a made-up one.
    expect((await paymentSuccess(server, member, 'cs_test_a1b2c3')).status).toBe(400);
    const missing = await call(server.url, '/api/stripe/handle_payment_success', {
      body: '',
      contentType: 'application/x-www-form-urlencoded',
      cookie: member.cookie,
    });
    expect(missing.status).toBe(400);
    expect((await paymentSuccess(server, member, `cs_demo_${'0'.repeat(32)}`)).status).toBe(404);
    expect((await call(server.url, `/api/billing/demo/session?id=nope`, { cookie: member.cookie })).status).toBe(400);
    for (const period of ['weekly', '', 3]) {
      expect((await checkout(server, member, period as string)).status).toBe(400);
    }
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
  });

  it('limits verifications per member (each asks the provider): the 31st in a minute is 429', async () => {
    const member = await newMember(server);
    const unknown = `cs_demo_${'1'.repeat(32)}`;
    const answers = await Promise.all(Array.from({ length: 30 }, () => paymentSuccess(server, member, unknown)));
    expect(answers.every((res) => res.status === 404)).toBe(true);
    const limited = await paymentSuccess(server, member, unknown);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member is not affected.
    expect((await paymentSuccess(server, await newMember(server), unknown)).status).toBe(404);
  });

  it('every billing call needs a session (401)', async () => {
    const id = `cs_demo_${'0'.repeat(32)}`;
    const anonymous = [
      call(server.url, '/api/billing/checkout', { json: { period: 'monthly' } }),
      call(server.url, '/api/stripe/handle_payment_success', { form: { csId: id } }),
      call(server.url, `/api/billing/demo/session?id=${id}`),
      call(server.url, '/api/billing/demo/pay', { json: { id } }),
      call(server.url, '/api/billing/demo/cancel', { json: { id } }),
      call(server.url, '/api/billing/portal', { method: 'POST' }),
    ];
    for (const res of await Promise.all(anonymous)) expect(res.status).toBe(401);
  });

  it('refuses cross-site requests (403) and other body types (415) before doing anything', async () => {
    const member = await newMember(server);
    const id = await startDemo(member, 'monthly');
    await demoPay(member, id);
    const evil = 'https://evil.test';
    expect((await paymentSuccess(server, member, id, evil)).status).toBe(403);
    const crossSite = await call(server.url, '/api/stripe/handle_payment_success', {
      form: { csId: id },
      cookie: member.cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await call(server.url, '/api/billing/checkout', {
      json: { period: 'monthly' },
      cookie: member.cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameSite.status).toBe(200);
    const foreignCheckout = await call(server.url, '/api/billing/checkout', {
      json: { period: 'monthly' },
      cookie: member.cookie,
      origin: evil,
    });
    expect(foreignCheckout.status).toBe(403);
    for (const path of ['/api/billing/demo/pay', '/api/billing/demo/cancel']) {
      expect((await call(server.url, path, { json: { id }, cookie: member.cookie, origin: evil })).status).toBe(403);
    }
    const plain = await call(server.url, '/api/stripe/handle_payment_success', {
      body: JSON.stringify({ csId: id }),
      contentType: 'text/plain',
      cookie: member.cookie,
    });
    expect(plain.status).toBe(415);
    const json = await call(server.url, '/api/stripe/handle_payment_success', {
      json: { csId: id },
      cookie: member.cookie,
    });
    expect(json.status).toBe(415);
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await fulfillmentCount(server, id)).toBe(0);
  });

  it('has no billing portal and no webhook', async () => {
    const member = await newMember(server);
    expect((await call(server.url, '/api/billing/portal', { method: 'POST', cookie: member.cookie })).status).toBe(404);
    const webhook = await call(server.url, '/api/stripe/webhook', { json: {}, headers: { 'stripe-signature': 'x' } });
    expect(webhook.status).toBe(404);
  });
});
