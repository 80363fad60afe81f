import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database every in-memory test database starts from, when the run is on PGlite. */
    pgliteTemplate?: string;
  }
}

/**
 * Vitest's global set-up for the layers that start servers: one new PGlite, migrated, written to a file once per
 * run. A new embedded database spends most of its opening in PGlite's initdb (seconds each, and the suites open
 * one or more per file); started from this copy, it skips that and the migrations find nothing to do.
 */
export default async function makePgliteTemplate(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const folder = await mkdtemp(path.join(tmpdir(), 'turtle-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { dumpOnClose: file });
  await runMigrations(database);
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}
