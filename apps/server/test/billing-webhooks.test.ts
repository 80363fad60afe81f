import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_DAILY_REPLIES, PRO_DAILY_REPLIES } from '@turtle/shared/constants';
import type { User } from '@turtle/shared/user';
import { billingCustomers, stripeEvents, users } from '../src/db/schema';
import { call } from './support/http';
import {
  chatLimit,
  checkout,
  FAKE_STRIPE_ENV,
  FREE_MEMBERSHIP,
  fulfillmentCount,
  newMember,
  paymentSuccess,
  signedWebhook,
  statusOf,
  stripeEvent,
  type Member,
} from './support/fake-stripe';
import { useTestServer } from './support/use-test-server';

const DAY_S = 86_400;
const now = () => Math.floor(Date.now() / 1000);

const server = useTestServer({ fakeStripe: true });

function deliver(body: string, signature: string | undefined, headers: Record<string, string> = {}) {
  return call(server.url, '/api/stripe/webhook', {
    body,
    contentType: 'application/json; charset=utf-8',
    origin: null,
    headers: signature === undefined ? headers : { 'stripe-signature': signature, ...headers },
  });
}

function send(event: Record<string, unknown>) {
  const { body, signature } = signedWebhook(event);
  return deliver(body, signature);
}

async function eventStored(id: string): Promise<boolean> {
  return (await server.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length === 1;
}

/** A Pro member through the real flow: checkout, payment on the fake Stripe, verification. */
async function proMember(periodEnd = now() + 30 * DAY_S) {
  const member = await newMember(server);
  await checkout(server, member, 'monthly');
  const id = [...server.fakeStripe.sessions.keys()].at(-1)!;
  const ids = server.fakeStripe.complete(id, { periodStart: periodEnd - 30 * DAY_S, periodEnd });
  expect((await paymentSuccess(server, member, id)).status).toBe(200);
  return { member, sessionId: id, ...ids };
}

function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  ids: { subscriptionId: string; customerId: string },
  values: { status: string; periodStart: number; periodEnd: number; price?: string },
  created = now(),
) {
  const object = server.fakeStripe.subscriptionObject(ids.subscriptionId, ids.customerId, {
    price: FAKE_STRIPE_ENV.STRIPE_PRICE_MONTHLY,
    ...values,
  });
  return stripeEvent(type, object, created);
}

async function setExpireAt(member: Member, expireAt: number) {
  await server.database.db.update(users).set({ expireAt }).where(eq(users.id, member.id));
}

describe('webhook authentication', () => {
  const harmless = () => stripeEvent('customer.created', { id: 'cus_x', object: 'customer' });

  it('accepts a correctly signed event (200) and records it', async () => {
    const event = harmless();
    const res = await send(event);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ received: true });
  });

  it('refuses a changed body, an old timestamp, a missing header, a wrong secret, or a re-serialised body (400)', async () => {
    const member = await proMemberFor('refusals');
    const event = subscriptionEvent('customer.subscription.deleted', member, {
      status: 'canceled',
      periodStart: now() - DAY_S,
      periodEnd: now() + 29 * DAY_S,
    });
    const { body, signature } = signedWebhook(event);
    const tampered = body.replace('"canceled"', '"cancelee"');
    expect(tampered).not.toBe(body);
    const old = signedWebhook(event, { timestamp: now() - 301 });
    const wrongSecret = signedWebhook(event, { secret: 'whsec_someone_else' });
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    const attempts = [
      deliver(tampered, signature),
      deliver(old.body, old.signature),
      deliver(body, undefined),
      deliver(body, ''),
      deliver(body, 'garbage'),
      deliver(wrongSecret.body, wrongSecret.signature),
      deliver(reserialised, signature),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(400);
      expect(res.data).toEqual({
        code: 'badRequest',
        message: 'The webhook signature is missing, invalid or too old.',
      });
    }
    // Only JSON is read, as raw bytes; a body without a type is not read at all.
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', headers, body: new Blob([body]) });
    expect((await post({ 'stripe-signature': signature, 'content-type': 'text/plain' })).status).toBe(415);
    expect((await post({ 'stripe-signature': signature })).status).toBe(415);
    expect(await eventStored(event.id as string)).toBe(false);
    expect((await statusOf(server, member.member)).membership.plan).toBe(1);

    // The same bytes with their own signature go through: the refusals above were the signature's doing.
    expect((await deliver(body, signature)).status).toBe(200);
    expect((await statusOf(server, member.member)).membership).toEqual(FREE_MEMBERSHIP);
  });

  it('accepts a timestamp within the 300 s window', async () => {
    const { body, signature } = signedWebhook(harmless(), { timestamp: now() - 240 });
    expect((await deliver(body, signature)).status).toBe(200);
    const ahead = signedWebhook(harmless(), { timestamp: now() + 240 });
    expect((await deliver(ahead.body, ahead.signature)).status).toBe(200);
  });

  // Issue 17, item 13: the SDK checks only a timestamp's age, so one from the future passed.
  it('refuses a timestamp more than 300 s in the future', async () => {
    const event = harmless();
    const { body, signature } = signedWebhook(event, { timestamp: now() + 3_600 });
    const res = await deliver(body, signature);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ code: 'badRequest', message: 'The webhook signature is missing, invalid or too old.' });
    expect(await eventStored(event.id as string)).toBe(false);
  });

  it('refuses a future timestamp hidden behind a second, current one in the header', async () => {
    const event = harmless();
    const { body, signature } = signedWebhook(event, { timestamp: now() + 3_600 });
    const res = await deliver(body, `t=${now() - 10},${signature}`);
    expect(res.status).toBe(400);
    expect(await eventStored(event.id as string)).toBe(false);
  });

  it('is exempt from the same-origin check, never from the signature', async () => {
    const member = await newMember(server);
    const event = harmless();
    const { body, signature } = signedWebhook(event);
    const foreign = { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site', cookie: `sid=${member.cookie}` };
    expect((await deliver(body, signature, foreign)).status).toBe(200);
    expect((await deliver(body, 'v1=forged', foreign)).status).toBe(400);
  });
});

/** Each test gets its own Pro member; `label` only names it in failures. */
async function proMemberFor(label: string, periodEnd?: number) {
  const pro = await proMember(periodEnd);
  expect((await statusOf(server, pro.member)).membership.plan, label).toBe(1);
  return pro;
}

describe('checkout.session.completed', () => {
  it('fulfils a paid session by itself (the browser never came back)', async () => {
    const member = await newMember(server);
    await checkout(server, member, 'yearly');
    const id = [...server.fakeStripe.sessions.keys()].at(-1)!;
    const periodEnd = now() + 365 * DAY_S;
    server.fakeStripe.complete(id, { periodEnd, price: FAKE_STRIPE_ENV.STRIPE_PRICE_YEARLY });
    const res = await send(
      stripeEvent('checkout.session.completed', { ...server.fakeStripe.sessions.get(id)!, subscription: null }),
    );
    expect(res.status).toBe(200);
    expect((await statusOf(server, member)).membership).toEqual({
      plan: 1,
      subscription: 2,
      expireAt: periodEnd * 1000,
    });
    expect(await fulfillmentCount(server, id)).toBe(1);
    // The browser arriving later gets the same user, and nothing is applied twice.
    expect(((await paymentSuccess(server, member, id)).data as User).membership.expireAt).toBe(periodEnd * 1000);
    expect(await fulfillmentCount(server, id)).toBe(1);
  });

  it('ten verifications and the webhook at once: exactly one fulfilment, every answer the same user', async () => {
    const member = await newMember(server);
    await checkout(server, member, 'monthly');
    const id = [...server.fakeStripe.sessions.keys()].at(-1)!;
    server.fakeStripe.complete(id);
    const event = stripeEvent('checkout.session.completed', server.fakeStripe.sessions.get(id)!);
    const [webhook, ...answers] = await Promise.all([
      send(event),
      ...Array.from({ length: 10 }, () => paymentSuccess(server, member, id)),
    ]);
    expect(webhook!.status).toBe(200);
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    for (const res of answers) expect(res.data).toEqual(answers[0]!.data);
    expect((answers[0]!.data as User).membership.plan).toBe(1);
    expect(await fulfillmentCount(server, id)).toBe(1);
  });

  it('an unpaid or foreign-priced session is recorded but fulfils nothing', async () => {
    for (const options of [{ paymentStatus: 'unpaid' as const }, { price: 'price_other' }]) {
      const member = await newMember(server);
      await checkout(server, member, 'monthly');
      const id = [...server.fakeStripe.sessions.keys()].at(-1)!;
      server.fakeStripe.complete(id, options);
      const event = stripeEvent('checkout.session.completed', server.fakeStripe.sessions.get(id)!);
      expect((await send(event)).status).toBe(200);
      expect(await eventStored(event.id as string)).toBe(true);
      expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    }
  });

  it('Stripe unreachable while handling it: 502, the event is not recorded, and the redelivery applies it', async () => {
    const member = await newMember(server);
    await checkout(server, member, 'monthly');
    const id = [...server.fakeStripe.sessions.keys()].at(-1)!;
    server.fakeStripe.complete(id);
    const event = stripeEvent('checkout.session.completed', server.fakeStripe.sessions.get(id)!);
    server.fakeStripe.failing = ['*'];
    try {
      expect((await send(event)).status).toBe(502);
    } finally {
      server.fakeStripe.failing = [];
    }
    expect(await eventStored(event.id as string)).toBe(false);
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    expect((await send(event)).status).toBe(200);
    expect((await statusOf(server, member)).membership.plan).toBe(1);
  });
});

describe('subscription lifecycle', () => {
  it('a renewal moves expireAt to the new period end', async () => {
    const pro = await proMemberFor('renewal');
    const nextEnd = now() + 60 * DAY_S;
    const event = subscriptionEvent('customer.subscription.updated', pro, {
      status: 'active',
      periodStart: now(),
      periodEnd: nextEnd,
    });
    expect((await send(event)).status).toBe(200);
    expect((await statusOf(server, pro.member)).membership).toEqual({
      plan: 1,
      subscription: 1,
      expireAt: nextEnd * 1000,
    });
  });

  it('a redelivered event is a 200 no-op', async () => {
    const pro = await proMemberFor('replay');
    const event = subscriptionEvent('customer.subscription.updated', pro, {
      status: 'active',
      periodStart: now(),
      periodEnd: now() + 60 * DAY_S,
    });
    expect((await send(event)).status).toBe(200);
    // Anything the event would overwrite now differs, so a second application would show.
    const marker = Date.now() + 5 * 86_400_000;
    await setExpireAt(pro.member, marker);
    const again = await send(event);
    expect(again.status).toBe(200);
    expect((await statusOf(server, pro.member)).membership.expireAt).toBe(marker);
  });

  it('an older event arriving after a newer one does not roll the state back', async () => {
    const pro = await proMemberFor('order');
    const t1 = now() - 60;
    const t2 = now();
    const newer = subscriptionEvent(
      'customer.subscription.updated',
      pro,
      { status: 'active', periodStart: now(), periodEnd: now() + 90 * DAY_S },
      t2,
    );
    const older = subscriptionEvent(
      'customer.subscription.updated',
      pro,
      { status: 'past_due', periodStart: now() - 5 * DAY_S, periodEnd: now() + 25 * DAY_S },
      t1,
    );
    expect((await send(newer)).status).toBe(200);
    expect((await send(older)).status).toBe(200);
    const membership = (await statusOf(server, pro.member)).membership;
    expect(membership.expireAt).toBe(
      (newer.data as { object: { items: { data: { current_period_end: number }[] } } }).object.items.data[0]!
        .current_period_end * 1000,
    );
    expect(await eventStored(older.id as string)).toBe(true);
  });

  it('past_due: Pro ends where the unpaid period began, so the member counts as Free', async () => {
    const pro = await proMemberFor('past_due');
    // The renewal happened (period moved on), then its payment failed.
    const renewedAt = now() - 3600;
    const event = subscriptionEvent('customer.subscription.updated', pro, {
      status: 'past_due',
      periodStart: renewedAt,
      periodEnd: renewedAt + 30 * DAY_S,
    });
    expect((await send(event)).status).toBe(200);
    expect((await statusOf(server, pro.member)).membership).toEqual({
      plan: 1,
      subscription: 1,
      expireAt: renewedAt * 1000,
    });
    expect(await chatLimit(server, pro.member)).toBe(FREE_DAILY_REPLIES);
    const [billing] = await server.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, pro.member.id));
    expect(billing!.subscriptionStatus).toBe('past_due');
    // A past-due member is sent to the portal to fix the card, not to a second subscription.
    expect((await checkout(server, pro.member, 'monthly')).status).toBe(409);
    expect((await call(server.url, '/api/billing/portal', { method: 'POST', cookie: pro.member.cookie })).status).toBe(
      200,
    );

    // The retry succeeds: active again until the new period's end.
    const recovered = subscriptionEvent('customer.subscription.updated', pro, {
      status: 'active',
      periodStart: renewedAt,
      periodEnd: renewedAt + 30 * DAY_S,
    });
    expect((await send(recovered)).status).toBe(200);
    expect((await statusOf(server, pro.member)).membership.expireAt).toBe((renewedAt + 30 * DAY_S) * 1000);
    expect(await chatLimit(server, pro.member)).toBe(PRO_DAILY_REPLIES);
  });

  it('status canceled (updated) makes the member Free', async () => {
    const pro = await proMemberFor('canceled');
    const event = subscriptionEvent('customer.subscription.updated', pro, {
      status: 'canceled',
      periodStart: now() - DAY_S,
      periodEnd: now() + 29 * DAY_S,
    });
    expect((await send(event)).status).toBe(200);
    expect((await statusOf(server, pro.member)).membership).toEqual(FREE_MEMBERSHIP);
  });

  it('customer.subscription.deleted downgrades to Free, the quota drops, and a new checkout reuses the customer', async () => {
    const pro = await proMemberFor('deleted');
    expect(await chatLimit(server, pro.member)).toBe(PRO_DAILY_REPLIES);
    const event = subscriptionEvent('customer.subscription.deleted', pro, {
      status: 'canceled',
      periodStart: now() - 30 * DAY_S,
      periodEnd: now(),
    });
    expect((await send(event)).status).toBe(200);
    expect((await statusOf(server, pro.member)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await chatLimit(server, pro.member)).toBe(FREE_DAILY_REPLIES);

    const before = server.fakeStripe.requests.length;
    expect((await checkout(server, pro.member, 'monthly')).status).toBe(200);
    expect(server.fakeStripe.requests[before]!.form.get('customer')).toBe(pro.customerId);
  });

  it('invoice.payment_failed ends Pro where the unpaid renewal would have begun, and marks the subscription', async () => {
    const periodEnd = now() + 10 * DAY_S;
    const pro = await proMemberFor('payment_failed', periodEnd);
    // Stripe moved the period on before charging: expireAt followed it.
    const moved = subscriptionEvent(
      'customer.subscription.updated',
      pro,
      { status: 'active', periodStart: periodEnd, periodEnd: periodEnd + 30 * DAY_S },
      now() - 10,
    );
    expect((await send(moved)).status).toBe(200);
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      customer: pro.customerId,
      status: 'open',
      billing_reason: 'subscription_cycle',
      period_start: periodEnd - 30 * DAY_S,
      period_end: periodEnd,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: pro.subscriptionId, metadata: {} },
      },
    };
    expect((await send(stripeEvent('invoice.payment_failed', invoice))).status).toBe(200);
    expect((await statusOf(server, pro.member)).membership).toEqual({
      plan: 1,
      subscription: 1,
      expireAt: periodEnd * 1000,
    });
    const [billing] = await server.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, pro.member.id));
    expect(billing!.subscriptionStatus).toBe('past_due');
  });

  it('events for a subscription we do not know are accepted and change nothing', async () => {
    const stranger = { subscriptionId: 'sub_unknown', customerId: 'cus_unknown' };
    const event = subscriptionEvent('customer.subscription.deleted', stranger, {
      status: 'canceled',
      periodStart: now() - DAY_S,
      periodEnd: now(),
    });
    expect((await send(event)).status).toBe(200);
  });
});
