import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '@turtle/shared/constants';
import { sessions } from '../src/db/schema';
import { hashSessionToken } from '../src/core/identity/session-token';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { startTestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();

const db = () => server.database.db;

describe('GET /api/user/status', () => {
  it('answers 200 {} when signed out', async () => {
    const res = await call(server.url, '/api/user/status');
    expect(res.status).toBe(200);
    expect(res.data).toEqual({});
  });

  it('answers the user, with exactly the spec fields, for a valid session', async () => {
    const user = await createUser(db(), { name: 'Ada', passwordHash: '$argon2id$secret' });
    const token = await createSessionToken(db(), user.id);
    const res = await call(server.url, '/api/user/status', { cookie: token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      id: user.id,
      name: 'Ada',
      email: user.email,
      role: 0,
      membership: { plan: 0, subscription: 3, expireAt: -1 },
    });
    expect(res.text).not.toContain('argon2');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers each of a burst of requests with its own user (their sessions are read together)', async () => {
    const people = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const user = await createUser(db(), { name: `Burst ${index}` });
        return { user, token: await createSessionToken(db(), user.id) };
      }),
    );
    const signedOut = 'A'.repeat(people[0]!.token.length);
    const answers = await Promise.all([
      ...people.map(({ token }) => call(server.url, '/api/user/status', { cookie: token })),
      call(server.url, '/api/user/status', { cookie: signedOut }),
    ]);
    people.forEach(({ user }, index) => expect(answers[index]!.data).toMatchObject({ id: user.id, name: user.name }));
    expect(answers.at(-1)!.data).toEqual({});
  });

  it('keeps only a hash of the token in the database', async () => {
    const user = await createUser(db());
    const token = await createSessionToken(db(), user.id);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(hashSessionToken(token));
    expect(Object.values(rows[0]!)).not.toContain(token);
  });

  it('treats a tampered token as signed out and clears the cookie', async () => {
    const user = await createUser(db());
    const token = await createSessionToken(db(), user.id);
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const res = await call(server.url, '/api/user/status', { cookie: flipped });
    expect(res.data).toEqual({});
    expect(res.headers.get('set-cookie')).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('treats an expired session as signed out and deletes it', async () => {
    const user = await createUser(db());
    const token = await createSessionToken(db(), user.id, new Date(Date.now() - 1000));
    const res = await call(server.url, '/api/user/status', { cookie: token });
    expect(res.data).toEqual({});
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('slides the expiry forward and refreshes the cookie once a day of it has passed', async () => {
    const user = await createUser(db());
    const token = await createSessionToken(db(), user.id, new Date(Date.now() + 10 * DAY_MS));
    const res = await call(server.url, '/api/user/status', { cookie: token });
    expect(res.data).toMatchObject({ id: user.id });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`sid=${token}`);
    expect(cookie).toContain(`Max-Age=${SESSION_TTL_MS / 1000}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Domain');
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  // security.md 7a.7: a session used every day must not slide forever.
  it('ends a session 90 days after its login, however recently it slid', async () => {
    const user = await createUser(db());
    const token = await createSessionToken(
      db(),
      user.id,
      new Date(Date.now() + 20 * DAY_MS),
      new Date(Date.now() - SESSION_MAX_AGE_MS - 1000),
    );
    const res = await call(server.url, '/api/user/status', { cookie: token });
    expect(res.data).toEqual({});
    expect(res.headers.get('set-cookie')).toMatch(/^sid=;/);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("ends at 90 days on the assistant's routes too, which keep sessions in a cache", async () => {
    const user = await createUser(db());
    const token = await createSessionToken(
      db(),
      user.id,
      new Date(Date.now() + 20 * DAY_MS),
      new Date(Date.now() - SESSION_MAX_AGE_MS + 1500),
    );
    // An empty body: signed in, it is refused as a bad request (400) without asking the assistant; signed out, 401.
    const send = async () => (await call(server.url, '/api/chat/stream', { json: {}, cookie: token })).status;
    expect(await send()).toBe(400);
    expect(await send()).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await send()).toBe(401);
  });

  it('slides no further than 90 days after the login', async () => {
    const user = await createUser(db());
    const loggedInAt = Date.now() - SESSION_MAX_AGE_MS + 5 * DAY_MS;
    const token = await createSessionToken(db(), user.id, new Date(Date.now() + DAY_MS), new Date(loggedInAt));
    const res = await call(server.url, '/api/user/status', { cookie: token });
    expect(res.data).toMatchObject({ id: user.id });
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime()).toBe(loggedInAt + SESSION_MAX_AGE_MS);
    const maxAge = Number(/Max-Age=(\d+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(5 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(5 * 86_400);
  });

  it('does not rewrite a fresh session on every request', async () => {
    const user = await createUser(db());
    const token = await createSessionToken(db(), user.id);
    const res = await call(server.url, '/api/user/status', { cookie: token });
    expect(res.data).toMatchObject({ id: user.id });
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('POST /api/user/logout', () => {
  it('revokes the session on the server, so the old cookie no longer works', async () => {
    const user = await createUser(db());
    const token = await createSessionToken(db(), user.id);
    const res = await call(server.url, '/api/user/logout', { method: 'POST', cookie: token });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });
    expect(res.headers.get('set-cookie')).toMatch(/^sid=;/);
    const replay = await call(server.url, '/api/user/status', { cookie: token });
    expect(replay.data).toEqual({});
    const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it("leaves the user's other sessions alone", async () => {
    const user = await createUser(db());
    const phone = await createSessionToken(db(), user.id);
    const laptop = await createSessionToken(db(), user.id);
    await call(server.url, '/api/user/logout', { method: 'POST', cookie: phone });
    const res = await call(server.url, '/api/user/status', { cookie: laptop });
    expect(res.data).toMatchObject({ id: user.id });
  });
});

describe('a database failure mid-request', () => {
  it('answers 500 with a generic body and no internals', async () => {
    // An app of its own, not the shared one: the test closes its database under it.
    const broken = await startTestServer();
    const user = await createUser(broken.database.db);
    const token = await createSessionToken(broken.database.db, user.id);
    await broken.database.close();
    const res = await call(broken.url, '/api/user/status', { cookie: token });
    expect(res.status).toBe(500);
    expect(res.data).toEqual({ code: 'internal', message: 'Something went wrong on our side. Please try again.' });
    const health = await call(broken.url, '/api/health');
    expect(health.status).toBe(503);
    expect(health.data).toEqual({ code: 'unavailable', message: 'The database is not reachable.' });
    await broken.app.close();
  });
});
