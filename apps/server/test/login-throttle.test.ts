import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, sessionCookieFrom } from './support/http';
import { useTestServer } from './support/use-test-server';

// Decision 016: failed logins are throttled per account, progressively, and keyed so that guesses from
// elsewhere never lock the owner out of a browser they signed in on before.

const server = useTestServer({ env: { TRUST_PROXY: 'true' } });

let ipCounter = 0;
const nextIp = () => `10.71.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function deviceCookieFrom(headers: Headers): string | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('sid_device='));
  return line?.split(';')[0];
}

function login(email: string, password: string, cookie?: string) {
  return call(server.url, '/api/user/login', {
    form: { email, password },
    headers: { 'x-forwarded-for': nextIp() },
    cookie,
  });
}

async function owner() {
  const email = `owner-${randomUUID()}@example.test`;
  const signup = await call(server.url, '/api/user/signup', {
    form: { name: 'Owner', email, password: 'right-password' },
    headers: { 'x-forwarded-for': nextIp() },
  });
  expect(signup.status).toBe(200);
  const device = deviceCookieFrom(signup.headers)!;
  const session = sessionCookieFrom(signup.headers)!;
  expect(signup.headers.getSetCookie().find((line) => line.startsWith('sid_device='))).toMatch(
    /; Path=\/api\/user\/login; HttpOnly; SameSite=Strict/,
  );
  return { email, device, session };
}

/** Wrong guesses from many addresses, without the owner's cookies, until the account answers 429. */
async function guessUntilThrottled(email: string) {
  for (let guess = 1; guess <= 10; guess += 1) {
    const res = await login(email, `guess-${guess}`);
    if (res.status === 429) return guess;
    expect(res.status).toBe(401);
  }
  throw new Error('the account was never throttled');
}

describe('login throttling per account', () => {
  it('throttles guesses against an account, but its owner still signs in from a known browser', async () => {
    const { email, device } = await owner();
    expect(await guessUntilThrottled(email)).toBeLessThanOrEqual(6);
    expect((await login(email, 'right-password')).status).toBe(429);

    const ownerLogin = await login(email, 'right-password', device);
    expect(ownerLogin.status).toBe(200);
    expect(sessionCookieFrom(ownerLogin.headers)).toBeDefined();
    // The owner's own typo on that browser is a plain wrong password, not a wait.
    expect((await login(email, 'typo', device)).status).toBe(401);
  });

  it("does not let another account's known browser through", async () => {
    const victim = await owner();
    const attacker = await owner();
    await guessUntilThrottled(victim.email);
    expect((await login(victim.email, 'right-password', attacker.device)).status).toBe(429);
  });

  it('gives a browser that signs in a known-device cookie', async () => {
    const { email } = await owner();
    const res = await login(email, 'right-password');
    expect(res.status).toBe(200);
    expect(deviceCookieFrom(res.headers)).toMatch(/^sid_device=[\w-]{43}$/);
  });

  it('starts the account afresh when its owner changes the password, so the new one works from any browser', async () => {
    const { email, session } = await owner();
    await guessUntilThrottled(email);
    const change = await call(server.url, '/api/account/password', {
      json: { currentPassword: 'right-password', newPassword: 'brand-new-password' },
      cookie: session,
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(change.status).toBe(200);
    // The browser that changed it is known from now on.
    expect(deviceCookieFrom(change.headers)).toMatch(/^sid_device=[\w-]{43}$/);
    expect((await login(email, 'brand-new-password')).status).toBe(200);
  });
});
