import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, NEW_DATABASE } from '../../../scripts/lib/build-app.mjs';
import { startBuiltServer } from '../../../scripts/lib/built-server.mjs';

// docs/decisions/035-embedded-database-thread.md: the built server makes a new data folder's database from the copy
// the build made (no initdb in the server, whose initdb peaked at some 700 MB), then migrates it as before.

let dir: string;
beforeAll(async () => {
  await buildApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-new-database-'));
}, 180_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function systemIdentifier(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query<{ id: string }>('select system_identifier::text as id from pg_control_system()');
  return rows[0]!.id;
}

// The embedded database only: on the PostgreSQL pass there is no data folder to make.
describe.skipIf(process.env.DATABASE_URL)('a new embedded database', () => {
  it('is the build’s copy, migrated, and keeps its data across a restart', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await startBuiltServer(dataDir);
    await first.stop();
    const second = await startBuiltServer(dataDir);
    await second.stop();

    const copy = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(NEW_DATABASE)]) });
    const opened = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      // initdb would have given the folder a system identifier of its own.
      expect(await systemIdentifier(opened)).toBe(await systemIdentifier(copy));
      const { rows } = await opened.query<{ tables: number }>(
        "select count(*)::int as tables from pg_tables where schemaname = 'public' and tablename in ('users', 'notes')",
      );
      expect(rows[0]!.tables).toBe(2);
    } finally {
      await Promise.all([copy.close(), opened.close()]);
    }
  });
});
