import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REAUTH_MESSAGES } from '@turtle/shared/admin';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { sessions } from '../src/core/identity/identity.tables';
import { hashSessionToken } from '../src/core/identity/session-token';
import { hashPassword } from '../src/features/auth/password';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/decisions/037-administrators.md: destructive actions ask for the password again after 15 minutes.
const server = useTestServer();
const email = (who: string) => `${who}-${randomUUID()}@example.test`;

/** An administrator's session whose last proof was `minutesAgo` minutes ago. */
async function adminSession(passwordHash: string | null, minutesAgo: number) {
  const db = server.database.db;
  const admin = await createUser(db, { name: 'Ada', email: email('ada'), role: ROLE_ADMINISTRATOR, passwordHash });
  const token = await createSessionToken(db, admin.id);
  await db
    .update(sessions)
    .set({ verifiedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(sessions.id, hashSessionToken(token)));
  return token;
}

describe('the password asked again', () => {
  it('refuses suspend, reset link and delete after 15 minutes, until the password is entered again', async () => {
    const cookie = await adminSession(await hashPassword('admin-secret'), 16);
    const person = await createUser(server.database.db, { name: 'Pat', email: email('pat') });
    const actions = [
      ['/api/admin/people/reset-link', { id: person.id }],
      ['/api/admin/people/suspend', { id: person.id, reason: 'Spam.' }],
      ['/api/admin/people/delete', { id: person.id, confirmation: person.email }],
    ] as const;
    for (const [path, json] of actions) {
      const res = await call(server.url, path, { json, cookie });
      expect(res.status, path).toBe(403);
      expect(res.data).toEqual({ code: 'reauthRequired', message: REAUTH_MESSAGES.password });
    }
    // Reading and gentle actions do not ask.
    expect((await call(server.url, '/api/admin/people', { cookie })).status).toBe(200);

    const wrong = await call(server.url, '/api/account/confirm-password', { json: { password: 'nope' }, cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ code: 'invalidPassword', message: 'Incorrect password', field: 'password' });
    const right = await call(server.url, '/api/account/confirm-password', {
      json: { password: 'admin-secret' },
      cookie,
    });
    expect(right.status).toBe(200);
    for (const [path, json] of actions) {
      expect((await call(server.url, path, { json, cookie })).status, path).toBe(200);
    }
  });

  it('lets a fresh sign-in act, and tells an administrator without a password to sign in again', async () => {
    const fresh = await adminSession(null, 5);
    const person = await createUser(server.database.db, { name: 'Quinn', email: email('quinn') });
    expect(
      (await call(server.url, '/api/admin/people/suspend', { json: { id: person.id, reason: 'Spam.' }, cookie: fresh }))
        .status,
    ).toBe(200);
    const stale = await adminSession(null, 30);
    // Restoring is not destructive: it does not ask.
    const restored = await call(server.url, '/api/admin/people/restore', { json: { id: person.id }, cookie: stale });
    expect(restored.status).toBe(200);
    const reset = await call(server.url, '/api/admin/people/reset-link', { json: { id: person.id }, cookie: stale });
    expect(reset.data).toEqual({ code: 'reauthRequired', message: REAUTH_MESSAGES.provider });
    const confirm = await call(server.url, '/api/account/confirm-password', {
      json: { password: 'anything' },
      cookie: stale,
    });
    expect(confirm.status).toBe(409);
  });
});
