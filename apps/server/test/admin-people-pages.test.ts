import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminPeopleResponse } from '@turtle/shared/admin';
import { ADMIN_PEOPLE_PAGE_SIZE, ADMIN_PEOPLE_SORTS } from '@turtle/shared/admin';
import { SESSION_TTL_MS } from '@turtle/shared/constants';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration": the people list's pages and sorts, read page first then its people in full
// (decision 037; scripts/bench/admin.ts times it with 100,000 people).
const server = useTestServer();

describe('the people list', () => {
  it('pages in a stable order, and sorts by the last sign-in with those never signed in last', async () => {
    const db = server.database.db;
    const tag = randomUUID().slice(0, 8);
    const admin = await createUser(db, { name: 'Ada Admin', role: ROLE_ADMINISTRATOR });
    const cookie = await createSessionToken(db, admin.id);
    const expires = new Date(Date.now() + SESSION_TTL_MS);
    const made: string[] = [];
    for (let index = 0; index < ADMIN_PEOPLE_PAGE_SIZE + 3; index++) {
      const person = await createUser(db, {
        name: `P${String(index).padStart(3, '0')} ${tag}`,
        createdAt: new Date(Date.now() - index * 60_000),
      });
      made.push(person.id);
    }
    // Three sign-ins, the newest for the oldest of them; two sessions for one person: the newest counts.
    await createSessionToken(db, made[2]!, expires, new Date(Date.now() - 3 * 60_000));
    await createSessionToken(db, made[0]!, expires, new Date(Date.now() - 2 * 60_000));
    await createSessionToken(db, made[1]!, expires, new Date(Date.now() - 10 * 60_000));
    await createSessionToken(db, made[1]!, expires, new Date(Date.now() - 60_000));
    const list = async (query: string) => {
      const res = await call(server.url, `/api/admin/people?q=${tag}&${query}`, { cookie });
      expect(res.status).toBe(200);
      return res.data as AdminPeopleResponse;
    };

    const first = await list('page=1');
    const second = await list('page=2');
    expect(first.total).toBe(ADMIN_PEOPLE_PAGE_SIZE + 3);
    expect([...first.people, ...second.people].map((person) => person.id)).toEqual(made);
    expect(second.people.map((person) => person.name)).toEqual([50, 51, 52].map((n) => `P0${n} ${tag}`));

    const bySignIn = await list('sort=lastSignIn&order=desc');
    expect(bySignIn.people.slice(0, 3).map((person) => person.id)).toEqual([made[1], made[0], made[2]]);
    expect(bySignIn.people[0]!.lastSignInAt).toBeGreaterThan(Date.now() - 2 * 60_000);
    expect(bySignIn.people[3]!.lastSignInAt).toBeNull();
    const oldestFirst = await list('sort=lastSignIn&order=asc');
    expect(oldestFirst.people.slice(0, 3).map((person) => person.id)).toEqual([made[2], made[0], made[1]]);
    // Never signed in: last either way, in the order of their ids.
    const never = made.slice(3).sort();
    expect(oldestFirst.people.slice(3).map((person) => person.id)).toEqual(never.slice(0, ADMIN_PEOPLE_PAGE_SIZE - 3));

    // The second page is read from the far end, turned round: with every sort, both ways, the two pages hold each
    // person once, however many ties.
    for (const sort of ADMIN_PEOPLE_SORTS) {
      for (const order of ['asc', 'desc']) {
        const pages = [await list(`sort=${sort}&order=${order}`), await list(`sort=${sort}&order=${order}&page=2`)];
        const ids = pages.flatMap((page) => page.people.map((person) => person.id));
        expect([...ids].sort(), `${sort} ${order}`).toEqual([...made].sort());
      }
    }
  });
});
