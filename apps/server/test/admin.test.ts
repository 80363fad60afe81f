import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditResponse, AdminPeopleResponse } from '@turtle/shared/admin';
import { adminEndpoints } from '@turtle/shared/endpoints/admin';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { applyAdminEmails, countAdministrators, setAdministrator } from '../src/core/identity/administrators';
import { identities } from '../src/core/identity/identity.tables';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md.
const server = useTestServer();
const tag = randomUUID().slice(0, 8);
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string; email: string };

beforeAll(async () => {
  const db = server.database.db;
  const adminUser = await createUser(db, {
    name: 'Ada Admin',
    email: `ada-${tag}@example.test`,
    role: ROLE_ADMINISTRATOR,
  });
  admin = { id: adminUser.id, cookie: await createSessionToken(db, adminUser.id) };
  const memberUser = await createUser(db, { name: `Mia ${tag}`, email: `mia-${tag}@example.test`, passwordHash: 'x' });
  member = { ...memberUser, cookie: await createSessionToken(db, memberUser.id) };
});

const people = async (cookie: string, query: string) =>
  (await call(server.url, `/api/admin/people?${query}`, { cookie })).data as AdminPeopleResponse;

describe('the operator console API', () => {
  it('answers a member and a signed-out caller as if no such route existed, on every admin route', async () => {
    const entries = Object.values(adminEndpoints);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const entry of entries) {
      const options = entry.method === 'POST' ? { json: { id: member.id } } : {};
      for (const cookie of [member.cookie, undefined]) {
        const res = await call(server.url, entry.path, { ...options, cookie });
        expect(res.status, `${entry.method} ${entry.path}`).toBe(404);
        expect(res.data).toEqual({ code: 'notFound', message: `Nothing is at ${entry.method} ${entry.path}.` });
      }
    }
    const unknown = await call(server.url, '/api/admin/nothing-here', { cookie: member.cookie });
    expect(unknown.data).toEqual({ code: 'notFound', message: 'Nothing is at GET /api/admin/nothing-here.' });
    // The member's session was not touched by their tries.
    expect((await call(server.url, '/api/user/status', { cookie: member.cookie })).data).toMatchObject({
      id: member.id,
    });
  });

  it('lists people for an administrator: searched, sorted, paged, with how each signs in', async () => {
    const db = server.database.db;
    const viaProvider = await createUser(db, { name: `Zed ${tag}`, email: `zed-${tag}@example.test` });
    await db
      .insert(identities)
      .values({ issuer: 'https://issuer.test', subject: randomUUID(), userId: viaProvider.id });
    const found = await people(admin.cookie, `q=${tag}&sort=email&order=asc`);
    expect(found.people.map((person) => person.email)).toEqual([
      `ada-${tag}@example.test`,
      `mia-${tag}@example.test`,
      `zed-${tag}@example.test`,
    ]);
    expect(found).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    const [ada, mia, zed] = found.people;
    expect(ada).toMatchObject({ role: 1, name: 'Ada Admin' });
    expect(mia).toMatchObject({ role: 0, signInMethod: 'password', plan: 0 });
    expect(mia!.lastSignInAt).toBeGreaterThan(Date.now() - 60_000);
    expect(zed).toMatchObject({ signInMethod: 'third-party', lastSignInAt: null });
    expect((await people(admin.cookie, `q=MIA-${tag}`)).people.map((person) => person.id)).toEqual([member.id]);
    // `%` and `_` are letters in a search, not patterns.
    expect((await people(admin.cookie, `q=${encodeURIComponent('%_')}`)).total).toBe(0);
    expect((await people(admin.cookie, `q=${tag}&page=2`)).people).toEqual([]);
  });

  it('refuses a page or a sort it does not know, saying why', async () => {
    const bad = await call(server.url, '/api/admin/people?page=0', { cookie: admin.cookie });
    expect(bad).toMatchObject({ status: 400, data: { message: 'The page is a whole number from 1.' } });
    const sort = await call(server.url, '/api/admin/people?sort=password', { cookie: admin.cookie });
    expect(sort).toMatchObject({
      status: 400,
      data: {
        message: 'Sort by signedUp, name, email, signInMethod, plan, repliesThisMonth, cards, lessons or lastSignIn.',
      },
    });
  });

  it('signs a person out everywhere, and the audit log says who did it to whom', async () => {
    const db = server.database.db;
    const person = await createUser(db, { name: 'Sam', email: `sam-${tag}@example.test` });
    const cookies = [await createSessionToken(db, person.id), await createSessionToken(db, person.id)];
    const res = await call(server.url, '/api/admin/people/sign-out-everywhere', {
      json: { id: person.id },
      cookie: admin.cookie,
    });
    expect(res.data).toEqual({ ok: true, sessionsEnded: 2 });
    for (const cookie of cookies) expect((await call(server.url, '/api/user/status', { cookie })).data).toEqual({});
    const audit = (await call(server.url, '/api/admin/audit', { cookie: admin.cookie })).data as AdminAuditResponse;
    expect(audit.entries[0]).toMatchObject({
      actorId: admin.id,
      via: 'console',
      action: 'sign out everywhere',
      targetId: person.id,
      targetEmail: `sam-${tag}@example.test`,
      before: { sessions: 2 },
      after: { sessions: 0 },
    });
    const missing = await call(server.url, '/api/admin/people/sign-out-everywhere', {
      json: { id: 'nobody' },
      cookie: admin.cookie,
    });
    expect(missing).toMatchObject({ status: 404, data: { message: 'That person does not exist.' } });
  });
});

describe('administrators', () => {
  it('are made from ADMIN_EMAILS at start, once, and the last one cannot be removed', async () => {
    const db = server.database.db;
    const listed = await createUser(db, { email: `listed-${tag}@example.test` });
    expect(await applyAdminEmails(db, [`listed-${tag}@example.test`, `nobody-${tag}@example.test`])).toBe(1);
    expect(await applyAdminEmails(db, [`listed-${tag}@example.test`])).toBe(0);
    const admins = await countAdministrators(db);
    expect(admins).toBeGreaterThanOrEqual(2);
    const via = { actorId: null, via: 'command line' } as const;
    expect(await setAdministrator(db, `LISTED-${tag}@example.test`, false, via)).toEqual({
      kind: 'changed',
      userId: listed.id,
    });
    expect(await setAdministrator(db, `listed-${tag}@example.test`, false, via)).toMatchObject({ kind: 'unchanged' });
    expect(await setAdministrator(db, `ghost-${tag}@example.test`, true, via)).toEqual({ kind: 'noAccount' });
  });

  it('keep their last one when two revokes race', async () => {
    const db = server.database.db;
    const via = { actorId: null, via: 'command line' } as const;
    // Everyone else made a member, so exactly two administrators are left.
    const second = await createUser(db, { email: `second-${tag}@example.test`, role: ROLE_ADMINISTRATOR });
    const all = await db.query.users.findMany({ where: (users, { eq }) => eq(users.role, ROLE_ADMINISTRATOR) });
    for (const user of all) {
      if (user.id !== admin.id && user.id !== second.id) await setAdministrator(db, user.email, false, via);
    }
    const results = await Promise.all([
      setAdministrator(db, `ada-${tag}@example.test`, false, via),
      setAdministrator(db, second.email, false, via),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(['changed', 'lastAdministrator']);
    expect(await countAdministrators(db)).toBe(1);
  });
});
