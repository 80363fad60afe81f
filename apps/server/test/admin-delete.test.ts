import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditResponse } from '@turtle/shared/admin';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { users } from '../src/core/identity/identity.tables';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md: delete with the email typed as confirmation.
const server = useTestServer();
let admin: { id: string; cookie: string };
const uniqueEmail = (who: string) => `${who}-${randomUUID()}@example.test`;
const remove = (id: string, confirmation: string) =>
  call(server.url, '/api/admin/people/delete', { json: { id, confirmation }, cookie: admin.cookie });
const exists = async (id: string) =>
  (await server.database.db.select().from(users).where(eq(users.id, id))).length === 1;

beforeAll(async () => {
  const db = server.database.db;
  const user = await createUser(db, { name: 'Ada Admin', email: uniqueEmail('ada'), role: ROLE_ADMINISTRATOR });
  admin = { id: user.id, cookie: await createSessionToken(db, user.id) };
});

describe('an administrator deletes a person', () => {
  it('only with their email typed out; then the account, its sessions and its notes are gone, and the log keeps who', async () => {
    const db = server.database.db;
    const person = await createUser(db, { name: 'Dee Leted', email: uniqueEmail('dee') });
    const cookie = await createSessionToken(db, person.id);
    const note = await call(server.url, '/api/note/save', {
      json: { note: { name: 'Mine', content: 'Private' } },
      cookie,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(note.status).toBe(200);

    const wrong = await remove(person.id, 'someone@else.test');
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({
      message: 'That is not their email address, so nothing was deleted.',
      field: 'confirmation',
    });
    expect(await exists(person.id)).toBe(true);

    const done = await remove(person.id, `  ${person.email.toUpperCase()} `);
    expect(done.status).toBe(200);
    expect(await exists(person.id)).toBe(false);
    expect((await call(server.url, '/api/account', { cookie })).status).toBe(401);
    const audit = (await call(server.url, '/api/admin/audit', { cookie: admin.cookie })).data as AdminAuditResponse;
    expect(audit.entries.find((entry) => entry.targetId === person.id)).toMatchObject({
      action: 'delete account',
      actorId: admin.id,
      targetEmail: person.email,
    });
    expect((await remove(person.id, person.email)).status).toBe(404);
  });

  it('refuses oneself and another administrator', async () => {
    const self = await remove(
      admin.id,
      (await server.database.db.select().from(users).where(eq(users.id, admin.id)))[0]!.email,
    );
    expect(self.status).toBe(400);
    expect(self.data).toMatchObject({ message: 'Delete your own account from Account, not from the console.' });
    const other = await createUser(server.database.db, {
      name: 'Other Admin',
      email: uniqueEmail('other'),
      role: ROLE_ADMINISTRATOR,
    });
    const refused = await remove(other.id, other.email);
    expect(refused.status).toBe(400);
    expect(await exists(other.id)).toBe(true);
    expect(await exists(admin.id)).toBe(true);
  });
});
