import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/config';
import type { Database } from '../../src/db/database';
import { runMigrations } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open-database';
import { createLogger } from '../../src/logger';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real app on a free loopback port. The database is a fresh in-memory PGlite, or, when `DATABASE_URL` is set,
 * that PostgreSQL database (shared by the run: tests make their own users and never assume an empty table).
 */
export async function startTestServer(
  options: {
    env?: Record<string, string | undefined>;
    webDistDir?: string;
    /** Lessons from this folder instead of the product's (fixtures). */
    lessonsDir?: string;
    /** Receives the server's JSON log lines (set `LOG_LEVEL` in `env` to see more than nothing). */
    logDestination?: { write(line: string): void };
  } = {},
): Promise<TestServer> {
  // Files (the audio of own lessons) go to a folder of this server's own, removed when it closes.
  const filesRoot = options.env?.DATA_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'turtle-test-files-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    ...(filesRoot ? { DATA_DIR: filesRoot } : {}),
    ...options.env,
  });
  const database =
    config.database.kind === 'postgres'
      ? await openDatabase(config.database)
      : await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { startFrom: inject('pgliteTemplate') });
  await runMigrations(database);
  const app = await buildApp({
    config,
    database,
    logger: createLogger(config.logLevel, options.logDestination),
    webDistDir: options.webDistDir,
    lessonsDir: options.lessonsDir,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      if (filesRoot) await rm(filesRoot, { recursive: true, force: true });
    },
  };
}
