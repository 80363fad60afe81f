import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditResponse, AdminPersonChangedResponse } from '@turtle/shared/admin';
import type { CheckoutResponse, SubscriptionSummary } from '@turtle/shared/billing';
import { DAY_MS } from '@turtle/shared/constants';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { users } from '../src/core/identity/identity.tables';
import { checkout, FREE_MEMBERSHIP, newMember, paymentSuccess, statusOf, type Member } from './support/billing';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md "Complimentary Pro".
const server = useTestServer();
let admin: Member;

const grant = (id: string, until: unknown) =>
  call(server.url, '/api/admin/people/complimentary', { json: { id, until }, cookie: admin.cookie });
const end = (id: string) =>
  call(server.url, '/api/admin/people/complimentary/end', { json: { id }, cookie: admin.cookie });
const summary = async (member: Member) =>
  (await call(server.url, '/api/billing/subscription', { cookie: member.cookie })).data as SubscriptionSummary;

async function buyDemo(member: Member, period: 'monthly' | 'yearly') {
  const res = await checkout(server, member, period);
  expect(res.status).toBe(200);
  const id = (res.data as CheckoutResponse).url.split('session=')[1]!;
  expect((await call(server.url, '/api/billing/demo/pay', { json: { id }, cookie: member.cookie })).status).toBe(200);
  expect((await paymentSuccess(server, member, id)).status).toBe(200);
}

beforeAll(async () => {
  const db = server.database.db;
  const user = await createUser(db, {
    name: 'Ada Admin',
    email: `ada-${randomUUID()}@example.test`,
    role: ROLE_ADMINISTRATOR,
  });
  admin = { id: user.id, cookie: await createSessionToken(db, user.id) };
});

describe('complimentary Pro', () => {
  it('makes a Free person Pro until the day chosen, as their membership and Plan & billing say, then ends it', async () => {
    const member = await newMember(server, 'Gift');
    const until = Date.now() + 30 * DAY_MS;
    const res = await grant(member.id, until);
    expect(res.status).toBe(200);
    expect((res.data as AdminPersonChangedResponse).person).toMatchObject({
      plan: 1,
      expireAt: until,
      complimentary: true,
    });
    expect((await statusOf(server, member)).membership).toEqual({ plan: 1, subscription: 3, expireAt: until });
    expect(await summary(member)).toMatchObject({ plan: 'pro', periodEnd: until, renews: false, complimentary: true });
    // Pro's allowances apply: the chat limit is Pro's.
    const usage = (await call(server.url, '/api/chat/usage', { cookie: member.cookie })).data as { plan: number };
    expect(usage.plan).toBe(1);

    const later = until + 10 * DAY_MS;
    expect((await grant(member.id, later)).status).toBe(200);
    expect((await statusOf(server, member)).membership.expireAt).toBe(later);

    const ended = await end(member.id);
    expect(ended.status).toBe(200);
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
    expect(await summary(member)).toMatchObject({ plan: 'free', complimentary: false });
    const again = await end(member.id);
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ message: 'Gift has no complimentary Pro to end.' });
  });

  it('leaves a paying member alone, and a payment after a grant ends the grant', async () => {
    const paying = await newMember(server, 'Payer');
    await buyDemo(paying, 'monthly');
    const before = await statusOf(server, paying);
    const refused = await grant(paying.id, Date.now() + 30 * DAY_MS);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ message: 'Payer pays for Pro now; their subscription is left as it is.' });
    expect(await statusOf(server, paying)).toEqual(before);

    // A grant that has run out: the person buys Pro, which is theirs, not complimentary.
    const gifted = await newMember(server, 'Former gift');
    await grant(gifted.id, Date.now() + DAY_MS);
    await server.database.db
      .update(users)
      .set({ expireAt: Date.now() - 1000 })
      .where(eq(users.id, gifted.id));
    expect((await summary(gifted)).plan).toBe('free');
    await buyDemo(gifted, 'yearly');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, gifted.id));
    expect(row).toMatchObject({ plan: 1, subscription: 2, complimentary: false });
    expect((await summary(gifted)).complimentary).toBe(false);
    expect((await end(gifted.id)).status).toBe(400);
  });

  it('asks for a day after today and at most five years ahead; nobody is 404', async () => {
    const member = await newMember(server, 'Dates');
    const past = await grant(member.id, Date.now() - DAY_MS);
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ message: 'Choose a day after today.', field: 'until' });
    const far = await grant(member.id, Date.now() + 6 * 366 * DAY_MS);
    expect(far.data).toMatchObject({ message: 'A complimentary Pro lasts at most five years.' });
    expect((await grant(member.id, 'tomorrow')).data).toMatchObject({
      code: 'validation',
      message: 'Choose the day the complimentary Pro ends.',
    });
    expect((await grant(randomUUID(), Date.now() + DAY_MS)).status).toBe(404);
    expect((await statusOf(server, member)).membership).toEqual(FREE_MEMBERSHIP);
  });

  it('writes each grant and end with the membership before and after', async () => {
    const member = await newMember(server, 'Audited gift');
    const until = Date.now() + 7 * DAY_MS;
    await grant(member.id, until);
    await end(member.id);
    const audit = (await call(server.url, '/api/admin/audit', { cookie: admin.cookie })).data as AdminAuditResponse;
    const mine = audit.entries.filter((entry) => entry.targetId === member.id).reverse();
    expect(mine.map((entry) => entry.action)).toEqual(['grant complimentary pro', 'end complimentary pro']);
    expect(mine[0]).toMatchObject({
      before: { plan: 0, expireAt: -1, complimentary: false },
      after: { plan: 1, subscription: 3, expireAt: until, complimentary: true },
    });
    expect(mine[1]).toMatchObject({ after: { plan: 0, expireAt: -1, complimentary: false } });
  });
});
