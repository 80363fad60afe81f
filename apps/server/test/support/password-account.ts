import { expect } from 'vitest';
import { call, sessionCookieFrom } from './http';

let counter = 0;

/** A client address no other call of this run used: with `TRUST_PROXY`, the per-IP sign-in limits stay apart. */
export function nextClientIp(): string {
  counter += 1;
  return `10.${200 + (process.pid % 50)}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

/** Signs up through the real endpoint (from an address of its own) and answers the account's id and session cookie. */
export async function signUpWithPassword(
  url: string,
  account: { name: string; email: string; password: string },
): Promise<{ id: string; cookie: string }> {
  const res = await call(url, '/api/user/signup', { form: account, headers: { 'x-forwarded-for': nextClientIp() } });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  return { id: (res.data as { id: string }).id, cookie: sessionCookieFrom(res.headers)! };
}

/** Logs in through the real endpoint, from an address of its own. */
export function logInWithPassword(url: string, email: string, password: string) {
  return call(url, '/api/user/login', { form: { email, password }, headers: { 'x-forwarded-for': nextClientIp() } });
}
