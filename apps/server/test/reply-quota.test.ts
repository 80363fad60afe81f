import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseQuota, LocalQuota, type ReplyQuota } from '../src/core/assistant/reply-quota';
import { repliesUsed } from '../src/core/assistant/usage.repository';
import type { Database } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { createUser } from './support/factories';

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
