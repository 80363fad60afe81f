import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { User } from '@turtle/shared/user';
import { fulfillments } from '../../src/db/schema';
import { createSessionToken, createUser } from './factories';
import { call } from './http';
import type { TestServer } from './test-server';

// The billing tests' calls, as the browser makes them.

export interface Member {
  id: string;
  cookie: string;
}

export async function newMember(server: TestServer, name = 'Member'): Promise<Member> {
  const db = server.database.db;
  const user = await createUser(db, { name });
  return { id: user.id, cookie: await createSessionToken(db, user.id) };
}

export async function statusOf(server: TestServer, member: Member): Promise<User> {
  return (await call(server.url, '/api/user/status', { cookie: member.cookie })).data as User;
}

export function checkout(server: TestServer, member: Member, period: string) {
  return call(server.url, '/api/billing/checkout', { json: { period }, cookie: member.cookie });
}

export function paymentSuccess(server: TestServer, member: Member, csId: string, origin?: string | null) {
  return call(server.url, '/api/stripe/handle_payment_success', { form: { csId }, cookie: member.cookie, origin });
}

export async function fulfillmentCount(server: TestServer, checkoutId: string): Promise<number> {
  const rows = await server.database.db
    .select()
    .from(fulfillments)
    .where(eq(fulfillments.checkoutSessionId, checkoutId));
  return rows.length;
}

export async function chatLimit(server: TestServer, member: Member): Promise<number> {
  return ((await call(server.url, '/api/chat/usage', { cookie: member.cookie })).data as { limit: number }).limit;
}

export const FREE_MEMBERSHIP = { plan: 0, subscription: 3, expireAt: -1 };

const USER_KEYS = ['email', 'id', 'membership', 'name', 'role'];
const MEMBERSHIP_KEYS = ['expireAt', 'plan', 'subscription'];

/** Same answer as `GET /api/user/status`, and nothing more: no Stripe ids, no password hash. */
export function expectUserShape(data: unknown) {
  expect(Object.keys(data as object).sort()).toEqual(USER_KEYS);
  expect(Object.keys((data as User).membership).sort()).toEqual(MEMBERSHIP_KEYS);
  expect(JSON.stringify(data)).not.toMatch(/cus_|sub_|cs_|price_|passwordHash/);
}
