import { randomUUID } from 'node:crypto';
import { eq, ilike, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PEOPLE_PAGE_SIZE } from '@turtle/shared/admin';
import { users } from '../src/db/schema';
import { listPeople } from '../src/features/admin/people.repository';
import { createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

// docs/decisions/037-administrators.md "A search, counted": the people list counts a search's matches in the lowered
// copies of each email and name (`people_search`), which must give the very count of `ilike` on the accounts.
const server = useTestServer();

const escaped = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** In one snapshot: the list's total for `q` equals the accounts whose email or name `ilike` matches. */
async function expectSameCount(q: string) {
  await server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(or(ilike(users.email, escaped(q)), ilike(users.name, escaped(q))));
    const { total, people } = await listPeople(tx, { q, sort: 'signedUp', order: 'desc', page: 1 });
    expect(total, q).toBe(Number(row!.n));
    expect(people.length, q).toBe(Math.min(total, ADMIN_PEOPLE_PAGE_SIZE));
  });
}

describe('a search of the people list', () => {
  it('counts what ilike matches, whatever the case, accents and wildcards, as names and emails change', async () => {
    const db = server.database.db;
    const tag = randomUUID().slice(0, 8);
    const zoe = await createUser(db, { name: `Zoë ÅBERG ${tag}`, email: `zoe-${tag}@Example.TEST` });
    await createUser(db, { name: `ÉLODIE Ünal ${tag}`, email: `elodie-${tag}@example.test` });
    await createUser(db, { name: `Per_cent 100% ${tag}`, email: `pc-${tag}@example.test` });
    const bob = await createUser(db, { name: `Bob ${tag}`, email: `BOB-${tag}@Other.Test` });
    const queries = [tag, tag.toUpperCase(), 'zoë', 'ZOË', 'Åberg', 'élodie', 'ünal', '100%', '_cent', '%', '_'].concat(
      [`example.test`, `EXAMPLE.TEST`, `bob-${tag}@other`, `${tag}@`, 'nobody-at-all-' + tag, '\\'],
    );
    for (const q of queries) await expectSameCount(q);

    // A name and an email changed: found by the new ones only.
    await db
      .update(users)
      .set({ name: `Zed ${tag}` })
      .where(eq(users.id, zoe.id));
    await db
      .update(users)
      .set({ email: `robert-${tag}@other.test` })
      .where(eq(users.id, bob.id));
    for (const q of ['zoë', 'zed', `bob-${tag}`, `robert-${tag}`, tag]) await expectSameCount(q);
    const byTag = async () => (await listPeople(db, { q: tag, sort: 'name', order: 'asc', page: 1 })).total;
    expect(await byTag()).toBe(4);

    // A deleted account is no longer counted.
    await db.delete(users).where(eq(users.id, bob.id));
    expect(await byTag()).toBe(3);
    await expectSameCount(tag);
  });
});
