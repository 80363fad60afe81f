import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-embedded-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('opens the embedded database on disk with a 32 MB buffer cache (PostgreSQL’s 128 MB default held ~130 MB more)', async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    const result = await database.db.execute(sql`show shared_buffers`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      shared_buffers: string;
    }[];
    expect(rows[0]?.shared_buffers).toBe('32MB');
  } finally {
    await database.close();
  }
});

// docs/decisions/052-reply-usage-written-behind.md: PGlite has one session, which outlives a connection node-postgres
// drops after a failed query; a new connection forgets the named statements of the one before, so the session must too.
it('runs a prepared statement again after a failed query made node-postgres open a new connection', async () => {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    const statement = database.db
      .select({ one: sql<number>`1` })
      .from(sql`(select 1) as t`)
      .prepare('embedded_test_statement');
    expect(await statement.execute()).toEqual([{ one: 1 }]);
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
    expect(await statement.execute()).toEqual([{ one: 1 }]);
  } finally {
    await database.close();
  }
});
