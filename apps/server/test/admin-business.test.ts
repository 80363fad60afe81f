import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminBusinessResponse, BusinessDay } from '@turtle/shared/admin';
import type { CheckoutResponse } from '@turtle/shared/billing';
import { DAY_MS } from '@turtle/shared/constants';
import { Plan, Subscription } from '@turtle/shared/plans';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { activeDays, billingCustomers, fulfillments, replyUsageDays } from '../src/db/schema';
import { checkout, newMember, paymentSuccess } from './support/billing';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md "The business". Other tests share the
// PostgreSQL database, so every figure is checked as a change from what it was before this test's rows.
const PRICED = 'priced-model';
const server = useTestServer({ env: { MODEL_PRICES: `${PRICED}=2/8` } });
let admin: string;

const business = async (days = 7) => {
  const res = await call(server.url, `/api/admin/business?days=${days}`, { cookie: admin });
  expect(res.status).toBe(200);
  return res.data as AdminBusinessResponse;
};
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const dayAgo = (n: number) => new Date(today - n * DAY_MS + 3_600_000);
const isoDay = (n: number) => dayAgo(n).toISOString().slice(0, 10);
const on = (figures: AdminBusinessResponse, n: number): BusinessDay =>
  figures.days.find((row) => row.day === isoDay(n))!;
const change = (after: BusinessDay, before: BusinessDay) => ({
  signUps: after.signUps - before.signUps,
  active: after.active - before.active,
  newPaid: after.newPaid - before.newPaid,
  cancellations: after.cancellations - before.cancellations,
});

const person = (
  name: string,
  signedUp: Date,
  membership: { plan?: number; subscription?: number; complimentary?: boolean } = {},
) =>
  createUser(server.database.db, {
    name,
    email: `${name.toLowerCase()}-${randomUUID()}@example.test`,
    createdAt: signedUp,
    ...(membership.plan ? { expireAt: Date.now() + 20 * DAY_MS } : {}),
    ...membership,
  });
const paid = async (
  userId: string,
  period: 'monthly' | 'yearly',
  at: Date,
  billing: { status: string; cancelAtPeriodEnd?: boolean; updatedAt?: Date },
) => {
  const db = server.database.db;
  await db.insert(fulfillments).values({
    checkoutSessionId: `cs_demo_${randomUUID()}`,
    userId,
    provider: 'demo',
    period,
    periodEnd: Date.now() + 20 * DAY_MS,
    createdAt: at.getTime(),
  });
  await db.insert(billingCustomers).values({
    userId,
    provider: 'demo',
    subscriptionStatus: billing.status,
    cancelAtPeriodEnd: billing.cancelAtPeriodEnd ?? false,
    updatedAt: (billing.updatedAt ?? at).getTime(),
  });
};

beforeAll(async () => {
  const user = await createUser(server.database.db, { name: 'Ada Admin', role: ROLE_ADMINISTRATOR });
  admin = await createSessionToken(server.database.db, user.id);
});

describe('the business', () => {
  it('counts sign-ups, people seen, Pro, MRR, cancellations and conversion from the records', async () => {
    const before = await business();
    expect(before.days).toHaveLength(7);
    expect(before.since).toBe(today - 6 * DAY_MS);
    expect(before.days.map((row) => row.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(isoDay));
    const db = server.database.db;

    // Ann pays monthly, Ben yearly and has asked to stop at the period's end: both signed up 2 days ago.
    const ann = await person('Ann', dayAgo(2), { plan: Plan.PRO, subscription: Subscription.MONTHLY });
    const ben = await person('Ben', dayAgo(2), { plan: Plan.PRO, subscription: Subscription.YEARLY });
    await paid(ann.id, 'monthly', dayAgo(1), { status: 'active' });
    await paid(ben.id, 'yearly', dayAgo(2), { status: 'active', cancelAtPeriodEnd: true, updatedAt: dayAgo(1) });
    // Cid signed up 5 days ago and never paid; Eve's Pro is complimentary (no payment, no revenue).
    const cid = await person('Cid', dayAgo(5));
    await person('Eve', dayAgo(2), { plan: Plan.PRO, subscription: Subscription.LIFETIME, complimentary: true });
    // Dan signed up long before the period, paid 2 days ago and cancelled at once: no MRR, not a conversion.
    const dan = await person('Dan', dayAgo(40));
    await paid(dan.id, 'monthly', dayAgo(2), { status: 'canceled' });
    await db.insert(activeDays).values([
      { day: isoDay(2), userId: ann.id },
      { day: isoDay(1), userId: ann.id },
      { day: isoDay(1), userId: ben.id },
      { day: isoDay(5), userId: cid.id },
      // Seen before the period: not counted.
      { day: isoDay(9), userId: cid.id },
    ]);

    const after = await business();
    expect(change(on(after, 5), on(before, 5))).toEqual({ signUps: 1, active: 1, newPaid: 0, cancellations: 0 });
    expect(change(on(after, 2), on(before, 2))).toEqual({ signUps: 3, active: 1, newPaid: 2, cancellations: 1 });
    expect(change(on(after, 1), on(before, 1))).toEqual({ signUps: 0, active: 2, newPaid: 1, cancellations: 1 });
    expect(after.people.total - before.people.total).toBe(5);
    expect(after.people.signUps - before.people.signUps).toBe(4);
    // Ann, Ben and Cid, each once however many days they were seen.
    expect(after.people.active - before.people.active).toBe(3);
    expect(after.pro.total - before.pro.total).toBe(3);
    expect(after.pro.complimentary - before.pro.complimentary).toBe(1);
    expect(after.pro.paid - before.pro.paid).toBe(2);
    expect(after.revenue.monthly - before.revenue.monthly).toBe(1);
    expect(after.revenue.yearly - before.revenue.yearly).toBe(1);
    expect(after.revenue.ending - before.revenue.ending).toBe(1);
    expect(after.revenue.mrrUsd - before.revenue.mrrUsd).toBeCloseTo(9.99 + 99 / 12, 2);
    expect(after.revenue.cancellations - before.revenue.cancellations).toBe(2);
    expect(after.revenue.newPaid - before.revenue.newPaid).toBe(3);
    expect(after.conversion.signUps - before.conversion.signUps).toBe(4);
    expect(after.conversion.converted - before.conversion.converted).toBe(2);
    expect(after.conversion.rate).toBeCloseTo(after.conversion.converted / after.conversion.signUps, 10);
    // Each person once a week: Ann on two days of one week counts once there.
    const weekOf = (n: number) => {
      const day = dayAgo(n);
      return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
    };
    const weekActive = (figures: AdminBusinessResponse, week: string) =>
      figures.weeks.find((row) => row.week === week)?.active ?? 0;
    const weeks = new Map<string, Set<string>>();
    for (const [n, who] of [
      [2, ann.id],
      [1, ann.id],
      [1, ben.id],
      [5, cid.id],
    ] as const) {
      weeks.set(weekOf(n), (weeks.get(weekOf(n)) ?? new Set()).add(who));
    }
    // Every week the period touches, from the Monday of its first day to this week, even without anyone seen.
    const mondays = after.weeks.map((row) => Date.parse(row.week));
    expect(mondays[0]).toBe(Date.parse(weekOf(6)));
    expect(mondays.at(-1)).toBe(Date.parse(weekOf(0)));
    expect(mondays.slice(1).every((monday, index) => monday - mondays[index]! === 7 * DAY_MS)).toBe(true);
    for (const [week, people] of weeks) {
      expect(weekActive(after, week) - weekActive(before, week), week).toBe(people.size);
    }
  });

  it('counts a person seen today once, and a demo payment and its cancellation as the billing records say', async () => {
    const before = await business(1);
    const member = await newMember(server, 'Paula');
    // Its first request today is its active day; the next adds nothing.
    expect((await call(server.url, '/api/user/status', { cookie: member.cookie })).status).toBe(200);
    expect((await call(server.url, '/api/user/status', { cookie: member.cookie })).status).toBe(200);
    const rows = await server.database.db.select().from(activeDays).where(eq(activeDays.userId, member.id));
    expect(rows.map((row) => row.day)).toEqual([isoDay(0)]);

    const res = await checkout(server, member, 'monthly');
    const id = (res.data as CheckoutResponse).url.split('session=')[1]!;
    expect((await call(server.url, '/api/billing/demo/pay', { json: { id }, cookie: member.cookie })).status).toBe(200);
    expect((await paymentSuccess(server, member, id)).status).toBe(200);
    const bought = await business(1);
    expect(bought.days).toHaveLength(1);
    expect(change(bought.days[0]!, before.days[0]!)).toEqual({ signUps: 1, active: 1, newPaid: 1, cancellations: 0 });
    expect(bought.revenue.mrrUsd - before.revenue.mrrUsd).toBeCloseTo(9.99, 2);
    expect(bought.conversion.converted - before.conversion.converted).toBe(1);

    const cancel = await call(server.url, '/api/billing/renewal', { json: { renew: false }, cookie: member.cookie });
    expect(cancel.status).toBe(200);
    const cancelled = await business(1);
    expect(cancelled.revenue.cancellations - bought.revenue.cancellations).toBe(1);
    expect(cancelled.revenue.ending - bought.revenue.ending).toBe(1);
    // Still paid until the period's end, so still in the MRR.
    expect(cancelled.revenue.mrrUsd).toBeCloseTo(bought.revenue.mrrUsd, 2);
  });

  it('sets each plan revenue for the period against the priced cost of the replies asked on it', async () => {
    const before = await business(7);
    expect(before.margins.plans.map((row) => row.plan)).toEqual([Plan.FREE, Plan.PRO]);
    const pro = await person('Pru', dayAgo(40), { plan: Plan.PRO, subscription: Subscription.MONTHLY });
    await paid(pro.id, 'monthly', dayAgo(40), { status: 'active' });
    const free = await person('Fred', dayAgo(40));
    // The console reads the daily sums each reply adds to (reply_usage_days).
    const replies = (userId: string, plan: number, model: string, tokens: [number, number], at = dayAgo(1)) => ({
      day: at.toISOString().slice(0, 10),
      userId,
      model,
      plan,
      replies: 3,
      promptTokens: tokens[0],
      completionTokens: tokens[1],
      estimated: 0,
    });
    await server.database.db.insert(replyUsageDays).values([
      replies(free.id, Plan.FREE, PRICED, [1_000_000, 100_000]),
      replies(pro.id, Plan.PRO, PRICED, [500_000, 0]),
      replies(pro.id, Plan.PRO, 'mystery-model', [1000, 1000]),
      // Before the period: not in its cost.
      replies(free.id, Plan.FREE, PRICED, [9_000_000, 0], dayAgo(10)),
    ]);
    const after = await business(7);
    const [freeBefore, proBefore] = before.margins.plans;
    const [freeAfter, proAfter] = after.margins.plans;
    expect(freeAfter!.members - freeBefore!.members).toBe(1);
    expect(proAfter!.members - proBefore!.members).toBe(1);
    expect(freeAfter!.revenueUsd).toBe(0);
    // 2 dollars a million prompt tokens, 8 a million reply tokens.
    expect(freeAfter!.costUsd - freeBefore!.costUsd).toBeCloseTo(2 + 0.8, 6);
    expect(proAfter!.costUsd - proBefore!.costUsd).toBeCloseTo(1, 6);
    // Seven days of a 9.99 monthly subscription, the average month being 365.25 / 12 days.
    expect(proAfter!.revenueUsd - proBefore!.revenueUsd).toBeCloseTo((9.99 * 7 * 12) / 365.25, 1);
    expect(proAfter!.marginUsd).toBeCloseTo(proAfter!.revenueUsd - proAfter!.costUsd, 6);
    expect(freeAfter!.marginUsd).toBeCloseTo(-freeAfter!.costUsd, 6);
    expect(after.margins.unpriced).toContain('mystery-model');
    expect(after.margins.unpriced).not.toContain(PRICED);
  });

  it('answers a member 404 as an unknown path, and a bad period 400', async () => {
    const member = await createUser(server.database.db, { name: 'Mo' });
    const cookie = await createSessionToken(server.database.db, member.id);
    const res = await call(server.url, '/api/admin/business', { cookie });
    expect(res).toMatchObject({ status: 404, data: { message: 'Nothing is at GET /api/admin/business.' } });
    const bad = await call(server.url, '/api/admin/business?days=400', { cookie: admin });
    expect(bad).toMatchObject({ status: 400, data: { message: 'Days is a whole number from 1 to 366.' } });
  });
});
