import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SubscriptionSummary } from '@turtle/shared/billing';
import { Plan } from '@turtle/shared/plans';
import type { User } from '@turtle/shared/user';
import { fulfillments } from '../../src/db/schema';
import type { Member } from './billing';
import { call } from './http';
import type { TestServer } from './test-server';

// What the tests of one purchase per period (decision 018, "one purchase per period") read, with each provider.

export const REFUNDED = 'You already had Pro, so this second payment was refunded.';
export const EXPIRED_PRO = 'This checkout has expired because Pro is already active.';
export const NOTICE_HEADER = 'turtle-payment-notice';
export const onPostgres = Boolean(process.env.DATABASE_URL);

export type Period = 'monthly' | 'yearly';

export async function paymentsOf(server: TestServer, member: Member) {
  return server.database.db.select().from(fulfillments).where(eq(fulfillments.userId, member.id));
}

export const summary = async (server: TestServer, member: Member) =>
  (await call(server.url, '/api/billing/subscription', { cookie: member.cookie })).data as SubscriptionSummary;

/** Every answer is the same user, with the membership one period gives. */
export function expectOneAnswer(answers: { status: number; data: unknown }[], member: Member) {
  expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200));
  for (const res of answers) expect(res.data).toEqual(answers[0]!.data);
  expect((answers[0]!.data as User).id).toBe(member.id);
  expect((answers[0]!.data as User).membership.plan).toBe(Plan.PRO);
}

export function noticesOf(answers: { headers: Headers }[]) {
  return answers.map((res) => res.headers.get(NOTICE_HEADER));
}
