import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditResponse, AdminPersonChangedResponse } from '@turtle/shared/admin';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { sessions, users } from '../src/core/identity/identity.tables';
import { createSessionToken, createUser } from './support/factories';
import { call, sessionCookieFrom } from './support/http';
import { CookieJar, redeem, signInThroughPopup } from './support/oidc-flow';
import { logInWithPassword, signUpWithPassword } from './support/password-account';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md "Suspension".
// TRUST_PROXY: each call speaks from its own address (X-Forwarded-For), so the per-IP sign-in limits stay out of the way.
const server = useTestServer({ env: { SUPPORT_EMAIL: 'help@turtle.test', TRUST_PROXY: 'true' } });
let admin: { id: string; cookie: string };
const uniqueEmail = () => `suspend-${randomUUID()}@example.test`;

const login = (email: string, password: string) => logInWithPassword(server.url, email, password);

const signUp = (email: string) =>
  signUpWithPassword(server.url, { name: 'Sam Suspended', email, password: 'secret12' });

const suspend = (id: string, reason: string, cookie = admin.cookie) =>
  call(server.url, '/api/admin/people/suspend', { json: { id, reason }, cookie });
const restore = (id: string, cookie = admin.cookie) =>
  call(server.url, '/api/admin/people/restore', { json: { id }, cookie });

beforeAll(async () => {
  const db = server.database.db;
  const adminUser = await createUser(db, { name: 'Ada Admin', email: uniqueEmail(), role: ROLE_ADMINISTRATOR });
  admin = { id: adminUser.id, cookie: await createSessionToken(db, adminUser.id) };
});

describe('suspending and restoring a person', () => {
  it('ends every session, refuses the password sign-in with the reason, and lets them in again once restored', async () => {
    const email = uniqueEmail();
    const person = await signUp(email);
    const second = sessionCookieFrom((await login(email, 'secret12')).headers)!;
    expect((await call(server.url, '/api/user/status', { cookie: second })).data).toMatchObject({ email });

    const res = await suspend(person.id, 'Sharing one Pro account with a whole class.');
    expect(res.status).toBe(200);
    const { person: shown } = res.data as AdminPersonChangedResponse;
    expect(shown).toMatchObject({ id: person.id, suspensionReason: 'Sharing one Pro account with a whole class.' });
    expect(shown.suspendedAt).toBeGreaterThan(Date.now() - 60_000);
    for (const cookie of [person.cookie, second]) {
      expect((await call(server.url, '/api/account', { cookie })).status).toBe(401);
    }
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);

    const refused = await login(email, 'secret12');
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({
      code: 'suspended',
      message:
        'This account is suspended. Reason: Sharing one Pro account with a whole class. Write to help@turtle.test if you think this is a mistake.',
    });
    expect(sessionCookieFrom(refused.headers)).toBeUndefined();
    // A wrong password is told only that: the suspension is for the one who knows the password.
    expect((await login(email, 'wrong-one')).data).toMatchObject({ code: 'invalidPassword' });

    const restored = await restore(person.id);
    expect((restored.data as AdminPersonChangedResponse).person).toMatchObject({
      suspendedAt: null,
      suspensionReason: null,
    });
    const back = await login(email, 'secret12');
    expect(back.status).toBe(200);
    expect((await call(server.url, '/api/account', { cookie: sessionCookieFrom(back.headers)! })).status).toBe(200);
  });

  it('refuses the "Continue with" sign-in of a suspended person too', async () => {
    const email = uniqueEmail();
    const first = new CookieJar();
    const popup = await signInThroughPopup(server.url, first, { name: 'Pat Provider', email });
    const made = await redeem(server.url, first, { name: 'Pat Provider', email, ticket: popup.message!.ticket });
    expect(made.status).toBe(200);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect((await suspend(row!.id, 'Chargeback on the last payment.')).status).toBe(200);

    const again = new CookieJar();
    const next = await signInThroughPopup(server.url, again, { name: 'Pat Provider', email });
    const refused = await redeem(server.url, again, { name: 'Pat Provider', email, ticket: next.message!.ticket });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: 'suspended' });
    expect((refused.data as { message: string }).message).toContain('Reason: Chargeback on the last payment.');
    expect(sessionCookieFrom(refused.headers)).toBeUndefined();
  });

  it('ends a session that was made after the suspension was written (the session check reads the flag)', async () => {
    const db = server.database.db;
    const person = await createUser(db, { name: 'Late', email: uniqueEmail() });
    await suspend(person.id, 'Spam.');
    const late = await createSessionToken(db, person.id);
    expect((await call(server.url, '/api/account', { cookie: late })).status).toBe(401);
  });

  it('writes each change with its audit entry, and only real changes', async () => {
    const db = server.database.db;
    const person = await createUser(db, { name: 'Audited', email: uniqueEmail() });
    await createSessionToken(db, person.id);
    await suspend(person.id, 'First reason.');
    await suspend(person.id, 'Second reason.');
    await restore(person.id);
    await restore(person.id);
    const audit = (await call(server.url, '/api/admin/audit', { cookie: admin.cookie })).data as AdminAuditResponse;
    const mine = audit.entries.filter((entry) => entry.targetId === person.id).reverse();
    expect(mine.map((entry) => entry.action)).toEqual(['suspend', 'suspend', 'restore']);
    expect(mine[0]).toMatchObject({
      actorId: admin.id,
      via: 'console',
      before: { suspended: false, reason: null, sessions: 1 },
      after: { suspended: true, reason: 'First reason.', sessions: 0 },
    });
    expect(mine[1]).toMatchObject({ before: { suspended: true, reason: 'First reason.' } });
    expect(mine[2]).toMatchObject({
      before: { suspended: true, reason: 'Second reason.' },
      after: { suspended: false },
    });
  });

  it('refuses to suspend oneself, an administrator, nobody, or without a reason, with a clear message', async () => {
    const db = server.database.db;
    const self = await suspend(admin.id, 'Testing.');
    expect(self.status).toBe(400);
    expect(self.data).toMatchObject({ message: 'You cannot suspend your own account.' });
    const other = await createUser(db, { name: 'Other Admin', email: uniqueEmail(), role: ROLE_ADMINISTRATOR });
    const refused = await suspend(other.id, 'Testing.');
    expect(refused.status).toBe(400);
    expect((refused.data as { message: string }).message).toMatch(/^An administrator cannot be suspended/);
    const [stored] = await db.select().from(users).where(eq(users.id, other.id));
    expect(stored!.suspendedAt).toBeNull();
    expect((await suspend(randomUUID(), 'Nobody.')).status).toBe(404);
    expect((await restore(randomUUID())).status).toBe(404);
    const person = await createUser(db, { name: 'No reason', email: uniqueEmail() });
    const blank = await suspend(person.id, '   ');
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({ message: 'Say why, in a sentence the person will read.' });
    expect((await suspend(person.id, 'x'.repeat(301))).status).toBe(400);
  });
});
