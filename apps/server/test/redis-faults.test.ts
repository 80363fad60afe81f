import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './support/http';
import { startOwnRedis, type OwnRedis } from './support/own-redis';
import { startTestServer, type TestServer } from './support/test-server';

// Issue 17, item 1: a frozen Redis hung login and signup forever while health said 200, and a killed Redis turned
// the per-email login limit off. Each test runs its own redis-server and freezes or kills it.

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

const login = (email: string) =>
  call(server!.url, '/api/user/login', {
    form: { email, password: 'wrong-password' },
    headers: { 'x-forwarded-for': nextIp() },
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
});
