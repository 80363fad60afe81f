import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { stripeEvents, users } from '../../src/db/schema';
import { checkout, newMember, paymentSuccess, statusOf, type Member } from './billing';
import { FAKE_STRIPE_ENV, subscriptionObject } from './fake-stripe-objects';
import { call } from './http';
import { signedWebhook, stripeEvent } from './stripe-events';
import type { UsedTestServer } from './use-test-server';

export const DAY_S = 86_400;
export const now = () => Math.floor(Date.now() / 1000);

/** An event about a subscription, at our monthly price unless `values` names another. */
export function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  ids: { subscriptionId: string; customerId: string },
  values: { status: string; periodStart: number; periodEnd: number; price?: string },
  created = now(),
) {
  const object = subscriptionObject(ids.subscriptionId, ids.customerId, {
    price: FAKE_STRIPE_ENV.STRIPE_PRICE_MONTHLY,
    ...values,
  });
  return stripeEvent(type, object, created);
}

/** The webhook tests' deliveries and Pro members, on `server` (started with a fake Stripe). */
export function webhookCalls(server: UsedTestServer) {
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

  /** Each test gets its own Pro member; `label` only names it in failures. */
  async function proMemberFor(label: string, periodEnd?: number) {
    const pro = await proMember(periodEnd);
    expect((await statusOf(server, pro.member)).membership.plan, label).toBe(1);
    return pro;
  }

  async function setExpireAt(member: Member, expireAt: number) {
    await server.database.db.update(users).set({ expireAt }).where(eq(users.id, member.id));
  }

  return { deliver, send, eventStored, proMemberFor, setExpireAt };
}
