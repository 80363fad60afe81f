import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditResponse, ResetLinkResponse } from '@turtle/shared/admin';
import { RESET_LINK_MESSAGES, RESET_LINK_TTL_MS } from '@turtle/shared/auth';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { passwordResetLinks, sessions } from '../src/core/identity/identity.tables';
import { hashSessionToken } from '../src/core/identity/session-token';
import { createSessionToken, createUser } from './support/factories';
import { call, sessionCookieFrom } from './support/http';
import { logInWithPassword, nextClientIp, signUpWithPassword } from './support/password-account';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration" and "Accounts and sessions", docs/decisions/037-administrators.md.
// TRUST_PROXY: each call speaks from its own address (X-Forwarded-For), so the per-IP sign-in limits stay out of the way.
const server = useTestServer({ env: { TRUST_PROXY: 'true' } });
let admin: { id: string; cookie: string };
const uniqueEmail = () => `reset-${randomUUID()}@example.test`;

const makeLink = async (id: string) => {
  const res = await call(server.url, '/api/admin/people/reset-link', { json: { id }, cookie: admin.cookie });
  expect(res.status, JSON.stringify(res.data)).toBe(200);
  const link = res.data as ResetLinkResponse;
  return { ...link, token: link.path.split('#')[1]! };
};
const useLink = (token: string, password: string, cookie?: string) =>
  call(server.url, '/api/user/reset-password', {
    json: { token, password },
    cookie,
    headers: { 'x-forwarded-for': nextClientIp() },
  });
const login = (email: string, password: string) => logInWithPassword(server.url, email, password);

const signUp = (email: string) => signUpWithPassword(server.url, { name: 'Lee Lost', email, password: 'old-secret' });

beforeAll(async () => {
  const db = server.database.db;
  const adminUser = await createUser(db, { name: 'Ada Admin', email: uniqueEmail(), role: ROLE_ADMINISTRATOR });
  admin = { id: adminUser.id, cookie: await createSessionToken(db, adminUser.id) };
});

describe('a password reset link made by an administrator', () => {
  it('sets a new password once, signs this browser in and everyone else out', async () => {
    const email = uniqueEmail();
    const person = await signUp(email);
    const before = Date.now();
    const link = await makeLink(person.id);
    expect(link.path).toMatch(/^\/reset-password#[\w-]{43}$/);
    expect(link.expiresAt).toBeGreaterThanOrEqual(before + RESET_LINK_TTL_MS);
    expect(link.expiresAt).toBeLessThanOrEqual(Date.now() + RESET_LINK_TTL_MS);
    // Only the token's hash is kept.
    const [stored] = await server.database.db
      .select()
      .from(passwordResetLinks)
      .where(eq(passwordResetLinks.userId, person.id));
    expect(stored!.id).toBe(hashSessionToken(link.token));

    const used = await useLink(link.token, 'new-secret');
    expect(used.status).toBe(200);
    expect(used.data).toMatchObject({ email, name: 'Lee Lost' });
    const fresh = sessionCookieFrom(used.headers)!;
    expect((await call(server.url, '/api/account', { cookie: fresh })).status).toBe(200);
    expect((await call(server.url, '/api/account', { cookie: person.cookie })).status).toBe(401);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(1);

    expect((await login(email, 'old-secret')).status).toBe(401);
    expect((await login(email, 'new-secret')).status).toBe(200);
    const again = await useLink(link.token, 'third-secret');
    expect(again.status).toBe(400);
    expect(again.data).toEqual({ code: 'resetLinkUnusable', message: RESET_LINK_MESSAGES.used });
    expect((await login(email, 'third-secret')).status).toBe(401);
  });

  it('stops working after an hour, and when a newer link is made', async () => {
    const person = await signUp(uniqueEmail());
    const first = await makeLink(person.id);
    const second = await makeLink(person.id);
    expect((await useLink(first.token, 'new-secret')).data).toEqual({
      code: 'resetLinkUnusable',
      message: RESET_LINK_MESSAGES.unknown,
    });
    await server.database.db
      .update(passwordResetLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetLinks.id, hashSessionToken(second.token)));
    expect((await useLink(second.token, 'new-secret')).data).toEqual({
      code: 'resetLinkUnusable',
      message: RESET_LINK_MESSAGES.expired,
    });
    // The session the person had is untouched by links that did not work.
    expect((await call(server.url, '/api/account', { cookie: person.cookie })).status).toBe(200);
  });

  it('holds the signup rules for the new password, and refuses a made-up token', async () => {
    const person = await signUp(uniqueEmail());
    const link = await makeLink(person.id);
    const short = await useLink(link.token, 'abc');
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({ code: 'validation', field: 'password' });
    expect((await useLink('made-up-token', 'new-secret')).data).toEqual({
      code: 'resetLinkUnusable',
      message: RESET_LINK_MESSAGES.unknown,
    });
    // A refused password does not spend the link.
    expect((await useLink(link.token, 'new-secret')).status).toBe(200);
  });

  it('lets only one of two uses at once through', async () => {
    const person = await signUp(uniqueEmail());
    const link = await makeLink(person.id);
    const results = await Promise.all([useLink(link.token, 'first-secret'), useLink(link.token, 'second-secret')]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('is not made for a suspended person, and one made before the suspension does not sign them in', async () => {
    const person = await signUp(uniqueEmail());
    const link = await makeLink(person.id);
    await call(server.url, '/api/admin/people/suspend', {
      json: { id: person.id, reason: 'Fraud.' },
      cookie: admin.cookie,
    });
    const refused = await useLink(link.token, 'new-secret');
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: 'suspended' });
    expect(sessionCookieFrom(refused.headers)).toBeUndefined();
    const made = await call(server.url, '/api/admin/people/reset-link', {
      json: { id: person.id },
      cookie: admin.cookie,
    });
    expect(made.status).toBe(400);
    expect(made.data).toMatchObject({ message: 'Restore the account first: a suspended person cannot sign in.' });
  });

  it('is audited with the link it made, never the token; nobody gets a link for nobody', async () => {
    const person = await signUp(uniqueEmail());
    const link = await makeLink(person.id);
    const audit = (await call(server.url, '/api/admin/audit', { cookie: admin.cookie })).data as AdminAuditResponse;
    const entry = audit.entries.find((one) => one.targetId === person.id && one.action === 'password reset link');
    expect(entry).toMatchObject({ actorId: admin.id, before: { password: true } });
    expect(JSON.stringify(audit)).not.toContain(link.token);
    expect(
      (await call(server.url, '/api/admin/people/reset-link', { json: { id: randomUUID() }, cookie: admin.cookie }))
        .status,
    ).toBe(404);
  });
});
