import { describe, expect, it } from 'vitest';
import type { User } from '@turtle/shared/user';
import { checkout, FREE_MEMBERSHIP, fulfillmentCount, newMember, paymentSuccess, statusOf } from './support/billing';
import { FAKE_STRIPE_ENV } from './support/fake-stripe';
import { signedWebhook, stripeEvent } from './support/stripe-events';
import { DAY_S, now, subscriptionEvent, webhookCalls } from './support/stripe-webhooks';
import { useTestServer } from './support/use-test-server';

// Stripe's webhook: its signature, and a checkout completed through it; billing-subscription-events.test.ts: the
// events of a subscription's life.

const server = useTestServer({ fakeStripe: true });
const { deliver, send, eventStored, proMemberFor } = webhookCalls(server);

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

  // security.md 7e.3: the SDK checks only a timestamp's age, so one from the future would pass.
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
