import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_DAILY_REPLIES, PRO_DAILY_REPLIES } from '@turtle/shared/constants';
import { billingCustomers } from '../src/db/schema';
import { chatLimit, checkout, FREE_MEMBERSHIP, statusOf } from './support/billing';
import { call } from './support/http';
import { stripeEvent } from './support/stripe-events';
import { DAY_S, now, subscriptionEvent, webhookCalls } from './support/stripe-webhooks';
import { useTestServer } from './support/use-test-server';

// A subscription's life as Stripe's webhook tells it: renewals, replays, late events, past due, cancellation.

const server = useTestServer({ fakeStripe: true });
const { send, eventStored, proMemberFor, setExpireAt } = webhookCalls(server);

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
