import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { migrationsFolder, runMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { users } from '../src/db/schema';

const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

async function tableNames(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return (result as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
}

async function appliedMigrationCount(database: Database): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

describe('migrations on PGlite', () => {
  it('create the schema in a new data folder, keep data across restarts, and re-run as a no-op', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-mig-')), 'nested', 'data');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await runMigrations(first);
    expect(await tableNames(first)).toEqual(expect.arrayContaining(['sessions', 'users']));
    expect(await appliedMigrationCount(first)).toBe(journal.entries.length);
    await first.db.insert(users).values({ id: 'u1', name: 'Kept', email: 'kept@example.test' });
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    await runMigrations(second);
    expect(await appliedMigrationCount(second)).toBe(journal.entries.length);
    const rows = await second.db.select().from(users);
    expect(rows.map((row) => row.email)).toEqual(['kept@example.test']);
    await second.close();
    fs.rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
    // Two PGlite starts on disk: slow on a busy machine, and nothing here is a speed goal.
  }, 120_000);
});

// On the PostgreSQL run (`DATABASE_URL` set) this makes its own throwaway database, so it starts from nothing.
describe.runIf(process.env.DATABASE_URL)('migrations on PostgreSQL', () => {
  it('create the schema once even when two processes start at the same moment', async () => {
    const adminUrl = process.env.DATABASE_URL!;
    const name = `turtle_mig_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        openDatabase({ kind: 'postgres', url: url.toString() }),
        openDatabase({ kind: 'postgres', url: url.toString() }),
      ]);
      await Promise.all([runMigrations(a), runMigrations(b)]);
      expect(await tableNames(a)).toEqual(expect.arrayContaining(['sessions', 'users']));
      expect(await appliedMigrationCount(a)).toBe(journal.entries.length);
      await runMigrations(b);
      expect(await appliedMigrationCount(b)).toBe(journal.entries.length);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
