import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DatabaseQuota, LocalQuota, WRITE_BEHIND_MS, type ReplyQuota } from '../src/core/assistant/reply-quota';
import { repliesUsed } from '../src/core/assistant/usage.repository';
import type { Database } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { users } from '../src/db/schema';
import { openDatabase } from '../src/db/open-database';
import { createUser } from './support/factories';

// The quota classes themselves need a database, not an app: the run's database (PostgreSQL with DATABASE_URL, else
// PGlite), opened here.
let database: Database;
beforeAll(async () => {
  database = await openDatabase(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: 'memory://' },
  );
  await runMigrations(database);
});
afterAll(() => database.close());

const log = { warn: () => undefined };
const kinds: [string, () => ReplyQuota][] = [
  ['in the database (PostgreSQL)', () => new DatabaseQuota(database.db)],
  ['in the process, written behind (PGlite)', () => new LocalQuota(database.db, log)],
];

describe.each(kinds)('the day\u2019s reply count %s', (_, make) => {
  it('lets a burst of requests take only what is left, and keeps the count in the database', async () => {
    const quota = make();
    const user = await createUser(database.db, { name: `Q-${randomUUID()}` });
    const day = '2026-11-23';
    expect(await quota.take(user.id, day, 3)).toBe(1);
    const burst = await Promise.all(Array.from({ length: 10 }, () => quota.take(user.id, day, 3)));
    expect(burst.filter((count) => count !== undefined).sort()).toEqual([2, 3]);
    await quota.refund(user.id, day);
    expect(await quota.used(user.id, day)).toBe(2);
    await quota.flush();
    expect(await repliesUsed(database.db, user.id, day)).toBe(2);
  });

  it('starts from what the database holds (a restart keeps the day\u2019s count)', async () => {
    const user = await createUser(database.db, { name: `Q-${randomUUID()}` });
    const day = '2026-11-24';
    const before = make();
    await before.take(user.id, day, 5);
    await before.take(user.id, day, 5);
    await before.flush();
    const after = make();
    expect(await after.used(user.id, day)).toBe(2);
    expect(await after.take(user.id, day, 2)).toBeUndefined();
  });
});

describe('the count kept in the process (PGlite)', () => {
  it('writes a burst together once WRITE_BEHIND_MS has passed, without being asked to flush', async () => {
    const quota = new LocalQuota(database.db, log);
    const people = await Promise.all([1, 2, 3].map(() => createUser(database.db, { name: `Q-${randomUUID()}` })));
    const day = '2026-11-25';
    for (const person of people) await quota.take(person.id, day, 5);
    expect(await repliesUsed(database.db, people[0]!.id, day)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, WRITE_BEHIND_MS + 150));
    for (const person of people) expect(await repliesUsed(database.db, person.id, day)).toBe(1);
  });

  it('still saves everyone else\u2019s count when one person was deleted before the write', async () => {
    const warnings: unknown[] = [];
    const quota = new LocalQuota(database.db, { warn: (object) => void warnings.push(object) });
    const kept = await createUser(database.db, { name: `Q-${randomUUID()}` });
    const deleted = await createUser(database.db, { name: `Q-${randomUUID()}` });
    const day = '2026-11-26';
    await quota.take(kept.id, day, 5);
    await quota.take(deleted.id, day, 5);
    await database.db.delete(users).where(eq(users.id, deleted.id));
    await quota.flush();
    expect(await repliesUsed(database.db, kept.id, day)).toBe(1);
    expect(warnings).toHaveLength(1);
  });
});
