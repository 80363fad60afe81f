import { describe, expect, it } from 'vitest';
import type { CheckoutResponse, DemoCheckoutSession } from '@turtle/shared/billing';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { User } from '@turtle/shared/user';
import { call } from './support/http';
import { checkout, newMember, paymentSuccess, statusOf, type Member } from './support/billing';
import {
  EXPIRED_PRO,
  expectOneAnswer,
  NOTICE_HEADER,
  noticesOf,
  onPostgres,
  paymentsOf,
  REFUNDED,
  summary,
  type Period,
} from './support/one-purchase';
import type { TestServer } from './support/test-server';
import { useTestServer, withTestServer } from './support/use-test-server';

/**
 * Pro is bought once per period (decision 018, "one purchase per period"), here with the demo provider
 * (billing-once-stripe.test.ts: with Stripe). Checkouts opened in several tabs while Free, all paid and all confirmed
 * (one after another, at once, or through two servers on one PostgreSQL database) record one paid period: the first
 * fulfilment expires the other open checkouts, and one paid anyway is refunded and never extends the membership.
 */

describe('demo provider: one purchase per period', () => {
  const server = useTestServer();

  const open = async (member: Member, period: Period, on: TestServer = server) => {
    const res = await checkout(on, member, period);
    expect(res.status).toBe(200);
    return (res.data as CheckoutResponse).url.split('session=')[1]!;
  };
  const pay = (member: Member, id: string, on: TestServer = server) =>
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
      // A second app on the same database, as a second process would be.
      await withTestServer({}, async (other) => {
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
      });
    },
  );
});
