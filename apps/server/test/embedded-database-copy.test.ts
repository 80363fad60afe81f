import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/open-database';

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

// The tests' in-memory databases start from one migrated copy (test/support/pglite-template.ts): the embedded
// database writes its data folder when asked as it closes, and a new one starts from that (docs/testing.md).
describe.skipIf(Boolean(process.env.DATABASE_URL))('an embedded database started from a copy', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  it('holds what the copied database held when it closed, and each copy is its own', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'turtle-copy-'));
    folders.push(folder);
    const file = path.join(folder, 'copy.tar');
    const original = await openDatabase(
      { kind: 'pglite', dataDir: 'memory://' },
      { startFrom: inject('pgliteTemplate'), dumpOnClose: file },
    );
    await original.db.execute(sql`create table kept (word text)`);
    await original.db.execute(sql`insert into kept values ('tortoise')`);
    await original.close();

    const first = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { startFrom: file });
    const second = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { startFrom: file });
    try {
      await first.db.execute(sql`insert into kept values ('hare')`);
      const inFirst = await rowsOf<{ word: string }>(first, sql`select word from kept order by word`);
      const inSecond = await rowsOf<{ word: string }>(second, sql`select word from kept order by word`);
      expect(inFirst.map((row) => row.word)).toEqual(['hare', 'tortoise']);
      expect(inSecond.map((row) => row.word)).toEqual(['tortoise']);
      // The migrated copy it came from: the app's tables are there too.
      const users = await rowsOf<{ count: number }>(second, sql`select count(*)::int as count from users`);
      expect(users[0]?.count).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000);

  it('is how the test servers of this run start: the migrated copy was made', () => {
    expect(inject('pgliteTemplate')).toMatch(/migrated\.tar$/);
  });
});
