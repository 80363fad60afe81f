import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config';
import type { Database, Db } from './database';
import * as schema from './schema';

/** Any fixed number: every server process takes the same lock, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_734_211;

/**
 * PGlite's buffer cache. Its default (PostgreSQL's 128 MB) is touched at start, which made an idle server hold about
 * 380 MB; 32 MB keeps it near 260 MB, and the operating system still caches the data files behind it.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** Opens PGlite in `dataDir` (in memory for `memory://`), or a node-postgres pool for a URL. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.kind === 'pglite' ? openPglite(config.dataDir) : openPostgres(config.url);
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? dataDir : pgliteDirectory(dataDir), {
    postgresqlconf: [`shared_buffers = ${PGLITE_SHARED_BUFFERS}`],
  });
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: (folder) => migratePglite(pgliteDb, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: async (folder) => {
      // The advisory lock belongs to one connection, so lock, migrate and unlock on the same one.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzlePg(client), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Where the database is, without any password, for messages. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return `PGlite in ${config.dataDir}`;
  const url = new URL(config.url);
  if (url.password) url.password = '***';
  return `PostgreSQL at ${url.toString()}`;
}
