import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS, SIGNUP_EMAIL_LIMIT } from '../src/features/auth/auth-rate-limits';
import { FALLBACK_COUNT_FACTOR } from '../src/plugins/rate-limit';
import { call } from './support/http';
import { startOwnRedis, type OwnRedis } from './support/own-redis';
import { startTestServer, type TestServer } from './support/test-server';

// security.md 7a.11 (stricter while Redis fails): a frozen Redis must not hang login and signup while health says
// 200, nor a killed Redis turn the per-email login limit off. Each test runs its own redis-server and freezes or kills
// it, and its own app on it.

let redis: OwnRedis | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  await redis?.kill();
  server = undefined;
  redis = undefined;
});

async function start() {
  redis = await startOwnRedis();
  server = await startTestServer({ env: { REDIS_URL: redis.url, TRUST_PROXY: 'true' } });
  return server;
}

let ipCounter = 0;
const nextIp = () => `10.61.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const uniqueEmail = () => `redis-${randomUUID()}@example.test`;

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work;
  return { result, ms: Date.now() - started };
}

const login = (email: string, ip = nextIp()) =>
  call(server!.url, '/api/user/login', {
    form: { email, password: 'wrong-password' },
    headers: { 'x-forwarded-for': ip },
  });
const signup = (email: string) =>
  call(server!.url, '/api/user/signup', {
    form: { name: 'Redis', email, password: 'secret1' },
    headers: { 'x-forwarded-for': nextIp() },
  });

describe('Redis faults', () => {
  it('answers login, signup and health within seconds while Redis is frozen, and health says degraded', async () => {
    await start();
    expect((await call(server!.url, '/api/health')).data).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    redis!.freeze();

    const first = await timed(login(uniqueEmail()));
    expect(first.result.status).toBe(401);
    expect(first.ms).toBeLessThan(5_000);
    const joined = await timed(signup(uniqueEmail()));
    expect(joined.result.status).toBe(200);
    expect(joined.ms).toBeLessThan(5_000);
    const health = await timed(call(server!.url, '/api/health'));
    expect(health.result.status).toBe(200);
    expect(health.result.data).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' });
    expect(health.ms).toBeLessThan(2_000);

    redis!.thaw();
    const deadline = Date.now() + 15_000;
    let back: unknown;
    while (Date.now() < deadline) {
      back = (await call(server!.url, '/api/health')).data;
      if ((back as { redis: string }).redis === 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(back).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  }, 60_000);

  it.each([
    ['frozen', (own: OwnRedis) => Promise.resolve(own.freeze())],
    ['killed', (own: OwnRedis) => own.kill()],
  ])(
    'keeps the per-email login limit, stricter, while Redis is %s',
    async (_label, fault) => {
      await start();
      await fault(redis!);
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 5; attempt += 1) statuses.push((await login(email)).status);
      // With Redis, the first four failures pass; without it each counts twice, so the wait comes sooner.
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses).toContain(429);
      // Another email is not affected.
      expect((await login(uniqueEmail())).status).toBe(401);
    },
    60_000,
  );

  describe('with Redis killed', () => {
    /** How many requests the process's own counters let through where Redis would let `max` through. */
    const fallbackAllows = (max: number) => Math.floor(max / FALLBACK_COUNT_FACTOR);

    it('says degraded in health', async () => {
      await start();
      await redis!.kill();
      const health = await timed(call(server!.url, '/api/health'));
      expect(health.result.status).toBe(200);
      expect(health.result.data).toEqual({ status: 'degraded', database: 'ok', redis: 'unavailable' });
      expect(health.ms).toBeLessThan(2_000);
    }, 60_000);

    it('limits logins from one IP, stricter than the shared per-IP limit', async () => {
      await start();
      await redis!.kill();
      const ip = nextIp();
      const perIp = LOGIN_LIMITS.find((rule) => rule.name === 'login-ip')!.max;
      const statuses: number[] = [];
      // A new email each time: only the per-IP limit can answer 429.
      for (let attempt = 0; attempt < perIp; attempt += 1) statuses.push((await login(uniqueEmail(), ip)).status);
      const allowed = fallbackAllows(perIp);
      expect(allowed).toBeLessThan(perIp);
      expect(statuses).toEqual([...Array(allowed).fill(401), ...Array(perIp - allowed).fill(429)]);
      expect((await login(uniqueEmail())).status).toBe(401);
    }, 60_000);

    it('limits signups for one email, stricter than the shared per-email limit', async () => {
      await start();
      await redis!.kill();
      const email = uniqueEmail();
      const perEmail = SIGNUP_EMAIL_LIMIT.points;
      const statuses: number[] = [];
      // A new IP each time: only the per-email limit can answer 429.
      for (let attempt = 0; attempt < perEmail; attempt += 1) statuses.push((await signup(email)).status);
      const allowed = fallbackAllows(perEmail);
      expect(allowed).toBeLessThan(perEmail);
      expect(statuses).toEqual([200, ...Array(allowed - 1).fill(409), ...Array(perEmail - allowed).fill(429)]);
      expect((await signup(uniqueEmail())).status).toBe(200);
    }, 60_000);
  });
});
