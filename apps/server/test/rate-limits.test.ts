import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

// Each test gets its own server: the counters (in-process here) start from zero.
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const uniqueEmail = () => `limit-${randomUUID()}@example.test`;
const loginAs = (email: string, headers: Record<string, string> = {}) =>
  call(server!.url, '/api/user/login', { form: { email, password: 'wrong-password' }, headers });

function expectLimited(res: Awaited<ReturnType<typeof call>>, maxSeconds = 60) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(maxSeconds);
  expect(res.data).toEqual({
    code: 'rateLimited',
    message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/),
  });
}

describe('rate limits', () => {
  it('login: the 11th attempt in a minute from one IP answers 429 with Retry-After', async () => {
    server = await startTestServer();
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await loginAs(uniqueEmail())).status).toBe(401);
    expectLimited(await loginAs(uniqueEmail()));
  });

  it('login: failures for one email make the next attempt wait, longer each time, even from a new IP each time', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    const email = uniqueEmail();
    const from = (ip: number) => ({ 'x-forwarded-for': `10.9.0.${ip}` });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await loginAs(email.toUpperCase(), from(attempt))).status).toBe(401);
    }
    const first = await loginAs(email, from(99));
    expectLimited(first);
    expect(first.headers.get('retry-after')).toBe('1');
    // Another email from yet another address is not affected.
    expect((await loginAs(uniqueEmail(), from(100))).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await loginAs(email, from(101))).status).toBe(401);
    const second = await loginAs(email, from(102));
    expectLimited(second);
    expect(second.headers.get('retry-after')).toBe('2');
  }, 90_000);

  it('login: X-Forwarded-For does not reset the count when no proxy is trusted', async () => {
    server = await startTestServer();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await loginAs(uniqueEmail(), { 'x-forwarded-for': `10.8.0.${attempt}` });
    }
    expectLimited(await loginAs(uniqueEmail(), { 'x-forwarded-for': '10.8.0.200' }));
  });

  it('signup: the 6th for one email in an hour answers 429, even from a new IP each time', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    const email = uniqueEmail();
    const signup = (ip: number) =>
      call(server!.url, '/api/user/signup', {
        form: { name: 'Limit', email, password: 'secret1' },
        headers: { 'x-forwarded-for': `10.11.0.${ip}` },
      });
    expect((await signup(1)).status).toBe(200);
    for (let attempt = 2; attempt <= 5; attempt += 1) expect((await signup(attempt)).status).toBe(409);
    expectLimited(await signup(6), 3600);
  });

  it('signup: the 6th in a minute from one IP answers 429', async () => {
    server = await startTestServer();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await call(server.url, '/api/user/signup', {
        form: { name: 'Limit', email: uniqueEmail(), password: 'secret1' },
      });
      expect(res.status).toBe(200);
    }
    expectLimited(
      await call(server.url, '/api/user/signup', {
        form: { name: 'Limit', email: uniqueEmail(), password: 'secret1' },
      }),
    );
  });

  it('login_3rd_party: the 11th in a minute from one IP answers 429', async () => {
    server = await startTestServer();
    const attempt = () =>
      call(server!.url, '/api/user/login_3rd_party', { form: { name: 'X', email: uniqueEmail(), ticket: 'forged' } });
    for (let count = 1; count <= 10; count += 1) expect((await attempt()).status).toBe(401);
    expectLimited(await attempt());
  });

  it('sign-in popup start: the 21st in a minute from one IP answers 429', async () => {
    server = await startTestServer();
    const start = () => call(server!.url, '/api/auth/oidc/start?nonce=popup-nonce-0123456789');
    for (let count = 1; count <= 20; count += 1) expect((await start()).status).toBe(302);
    expectLimited(await start());
  });
});
