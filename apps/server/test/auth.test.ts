import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema';
import { hashSessionToken } from '../src/core/identity/session-token';
import { call, sessionCookieFrom } from './support/http';
import { useTestServer, withTestServer } from './support/use-test-server';

const server = useTestServer({
  env: { TRUST_PROXY: 'true', LOG_LEVEL: 'info' },
  logDestination: { write: (line) => void logLines.push(line) },
});
const logLines: string[] = [];

// TRUST_PROXY lets each test speak from its own client IP (X-Forwarded-For), so the per-IP rate limits of
// login and signup do not count one test's calls against another's. rate-limits.test.ts tests the limits.

let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const uniqueEmail = () => `person-${randomUUID()}@example.test`;

function signup(form: Record<string, string>, options: { cookie?: string; origin?: string } = {}) {
  return call(server.url, '/api/user/signup', { form, headers: { 'x-forwarded-for': nextIp() }, ...options });
}
function login(form: Record<string, string>, options: { cookie?: string } = {}) {
  return call(server.url, '/api/user/login', { form, headers: { 'x-forwarded-for': nextIp() }, ...options });
}
const status = (cookie?: string) => call(server.url, '/api/user/status', { cookie });

describe('signup', () => {
  it('creates the account, answers the user with the default membership and signs in', async () => {
    const email = uniqueEmail();
    const res = await signup({ name: '  Ada Lovelace ', email: `  ${email.toUpperCase()} `, password: 'secret1' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      id: expect.any(String),
      name: 'Ada Lovelace',
      email,
      role: 0,
      membership: { plan: 0, subscription: 3, expireAt: -1 },
    });
    const token = sessionCookieFrom(res.headers)!;
    expect((await status(token)).data).toMatchObject({ email, name: 'Ada Lovelace' });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, 30 days, with no Domain and a 256-bit token', async () => {
    const res = await signup({ name: 'Cookie', email: uniqueEmail(), password: 'secret1' });
    const line = res.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='))!;
    expect(line).toMatch(/; Max-Age=2592000/);
    expect(line).toMatch(/; Path=\//);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).not.toMatch(/Domain=/i);
    expect(line).not.toMatch(/; Secure/);
    expect(Buffer.from(sessionCookieFrom(res.headers)!, 'base64url')).toHaveLength(32);
  });

  it('keeps only hashes: no session id equals the cookie, and the password is argon2id', async () => {
    const res = await signup({ name: 'Hashes', email: uniqueEmail(), password: 'secret1' });
    const token = sessionCookieFrom(res.headers)!;
    const user = res.data as { id: string };
    const rows = await server.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([hashSessionToken(token)]);
    expect(rows[0]!.id).not.toBe(token);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain('secret1');
  });

  it('answers only the user fields, never the password hash', async () => {
    const res = await signup({ name: 'Fields', email: uniqueEmail(), password: 'secret1' });
    expect(Object.keys(res.data as object).sort()).toEqual(['email', 'id', 'membership', 'name', 'role']);
    expect(res.text).not.toContain('argon2');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'name', 'Enter name'],
    [{ name: '   ', email: 'a@b.co', password: 'secret1' }, 'name', 'Enter name'],
    [{ name: 'A', email: 'a@b.co', password: 'secret1' }, 'name', 'Name must have 2 characters or more'],
    [{ name: 'x'.repeat(31), email: 'a@b.co', password: 'secret1' }, 'name', 'Name must have 30 characters or less'],
    [{ name: 'Ann', password: 'secret1' }, 'email', 'Enter email'],
    [{ name: 'Ann', email: 'not-an-email', password: 'secret1' }, 'email', "Doesn't look like email"],
    [
      { name: 'Ann', email: `${'x'.repeat(250)}@b.co`, password: 'secret1' },
      'email',
      'Email must have 254 characters or less',
    ],
    [{ name: 'Ann', email: 'a@b.co' }, 'password', 'Enter password'],
    [{ name: 'Ann', email: 'a@b.co', password: '12345' }, 'password', 'Password must have 6 characters or more'],
    [
      { name: 'Ann', email: 'a@b.co', password: 'x'.repeat(129) },
      'password',
      'Password must have 128 characters or less',
    ],
  ])('refuses %j with 400 on %s: %s', async (form, field, message) => {
    const res = await signup(form as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ code: 'validation', field, message });
    expect(sessionCookieFrom(res.headers)).toBeUndefined();
  });

  it('refuses a JSON body with 415 and no body at all with the field message', async () => {
    const json = await call(server.url, '/api/user/signup', {
      json: { name: 'Ann', email: uniqueEmail(), password: 'secret1' },
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(json.status).toBe(415);
    expect(json.data).toMatchObject({ code: 'unsupportedMediaType', message: 'This request must be sent as a form.' });
    const empty = await call(server.url, '/api/user/signup', {
      method: 'POST',
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ code: 'validation', field: 'name', message: 'Enter name' });
  });

  it('accepts a 128-character Unicode password and signs in with exactly it', async () => {
    const email = uniqueEmail();
    const password = 'пароль🐢'.repeat(16);
    expect(password.length).toBe(128);
    expect((await signup({ name: 'Unicode', email, password })).status).toBe(200);
    expect((await login({ email, password })).status).toBe(200);
    expect((await login({ email, password: password.toUpperCase() })).status).toBe(401);
  });

  it('answers emailAlreadyUsed for an address already taken, in any letter case', async () => {
    const email = uniqueEmail();
    await signup({ name: 'First', email, password: 'secret1' });
    const again = await signup({ name: 'Second', email: email.toUpperCase(), password: 'secret2' });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ code: 'emailAlreadyUsed', field: 'email', message: 'Email already in use' });
    expect(sessionCookieFrom(again.headers)).toBeUndefined();
  });

  it('lets exactly one of two simultaneous signups for one email through', async () => {
    const email = uniqueEmail();
    const results = await Promise.all([
      signup({ name: 'One', email, password: 'secret1' }),
      signup({ name: 'Two', email, password: 'secret1' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses a signup from another origin with 403 and no session', async () => {
    const foreign = await signup(
      { name: 'Evil', email: uniqueEmail(), password: 'secret1' },
      { origin: 'https://evil.test' },
    );
    expect(foreign.status).toBe(403);
    expect(sessionCookieFrom(foreign.headers)).toBeUndefined();
  });
});

describe('login', () => {
  const email = uniqueEmail();
  beforeAll(async () => {
    expect((await signup({ name: 'Grace Hopper', email, password: 'correct-horse' })).status).toBe(200);
  });

  it('answers emailNotFound and invalidPassword on their fields, with the spec texts', async () => {
    const unknown = await login({ email: uniqueEmail(), password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.data).toEqual({ code: 'emailNotFound', field: 'email', message: 'Email not found' });
    const wrong = await login({ email, password: 'Correct-horse' });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toEqual({ code: 'invalidPassword', field: 'password', message: 'Incorrect password' });
    expect(sessionCookieFrom(wrong.headers)).toBeUndefined();
  });

  it('validates like the form: Enter email, Doesn\u2019t look like email, Enter password', async () => {
    expect((await login({ password: 'x' })).data).toMatchObject({ field: 'email', message: 'Enter email' });
    expect((await login({ email: 'nope', password: 'x' })).data).toMatchObject({
      field: 'email',
      message: "Doesn't look like email",
    });
    expect((await login({ email })).data).toMatchObject({ field: 'password', message: 'Enter password' });
    expect((await login({ email, password: 'x'.repeat(129) })).status).toBe(400);
  });

  it('signs in with the email in any case and answers the user', async () => {
    const res = await login({ email: email.toUpperCase(), password: 'correct-horse' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ name: 'Grace Hopper', email });
  });

  it('starts a new session at every login and ends the one the browser came with (no fixation)', async () => {
    const first = sessionCookieFrom((await login({ email, password: 'correct-horse' })).headers)!;
    const second = await login({ email, password: 'correct-horse' }, { cookie: first });
    const secondToken = sessionCookieFrom(second.headers)!;
    expect(secondToken).toBeDefined();
    expect(secondToken).not.toBe(first);
    expect((await status(first)).data).toEqual({});
    expect((await status(secondToken)).data).toMatchObject({ email });
  });

  it('logout revokes the session on the server: the old cookie no longer works', async () => {
    const token = sessionCookieFrom((await login({ email, password: 'correct-horse' })).headers)!;
    expect((await call(server.url, '/api/user/logout', { method: 'POST', cookie: token })).status).toBe(200);
    expect((await status(token)).data).toEqual({});
  });

  it('tells a third-party account to use its button, not a password', async () => {
    const thirdPartyEmail = uniqueEmail();
    await server.database.db.insert(users).values({ id: randomUUID(), name: 'Oidc', email: thirdPartyEmail });
    const res = await login({ email: thirdPartyEmail, password: 'anything' });
    expect(res.status).toBe(401);
    expect(res.data).toMatchObject({ code: 'passwordNotSet', field: 'password' });
  });

  it('refuses a login from another site (Origin or Sec-Fetch-Site) with 403 and no cookie', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.test' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    ];
    for (const headers of foreign) {
      const res = await call(server.url, '/api/user/login', {
        form: { email, password: 'correct-horse' },
        origin: null,
        headers: { ...headers, 'x-forwarded-for': nextIp() },
      });
      expect(res.status).toBe(403);
      expect(sessionCookieFrom(res.headers)).toBeUndefined();
    }
  });

  it('logs each attempt once, with its result, and never the password or the session token', async () => {
    const token = sessionCookieFrom((await login({ email, password: 'correct-horse' })).headers)!;
    await login({ email, password: 'wrong-password-123' });
    const events = logLines.map((line) => JSON.parse(line) as { auth?: { event: string; result: string } });
    const results = events.filter((entry) => entry.auth?.event === 'login').map((entry) => entry.auth!.result);
    expect(results).toContain('success');
    expect(results).toContain('invalidPassword');
    const all = logLines.join('\n');
    expect(all).not.toContain('correct-horse');
    expect(all).not.toContain('wrong-password-123');
    expect(all).not.toContain(token);
    expect(all).not.toContain(email);
  });
});

describe('secure cookies', () => {
  it('leaves Secure off on a loopback server with no configuration, so http://localhost works', async () => {
    const res = await signup({ name: 'Local', email: uniqueEmail(), password: 'secret1' });
    expect(res.headers.getSetCookie().find((line) => line.startsWith('sid='))).not.toMatch(/; Secure/);
  });

  it('marks the session cookie Secure when COOKIE_SECURE=true (no longer through NODE_ENV)', async () => {
    await withTestServer({ env: { COOKIE_SECURE: 'true' } }, async (production) => {
      const res = await call(production.url, '/api/user/signup', {
        form: { name: 'Prod', email: uniqueEmail(), password: 'secret1' },
      });
      expect(res.headers.getSetCookie().find((line) => line.startsWith('sid='))).toMatch(/; Secure/);
    });
  });
});
