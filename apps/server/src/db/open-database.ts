import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/config';
import type { Database, Db } from './database';
import { EmbeddedChannel } from './embedded/embedded-channel';
import { EmbeddedSocket } from './embedded/embedded-socket';
import type { EmbeddedWorkerData } from './embedded/embedded-worker';
import { registerEngine } from './engine';
import * as schema from './schema';

/** Any fixed number: every server process takes the same lock, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_734_211;

/**
 * PGlite's buffer cache. Its default (PostgreSQL's 128 MB) is touched at start, which made an idle server hold about
 * 380 MB; 32 MB keeps it near 260 MB, and the operating system still caches the data files behind it.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** What only the tests ask of the embedded database: start from one migrated copy, or write it (EmbeddedWorkerData). */
export type EmbeddedCopy = Pick<EmbeddedWorkerData, 'startFrom' | 'dumpOnClose'>;

/** Opens PGlite in `dataDir` (in memory for `memory://`), or a node-postgres pool for a URL. */
export async function openDatabase(config: DatabaseConfig, copy: EmbeddedCopy = {}): Promise<Database> {
  return config.kind === 'pglite' ? openPglite(config.dataDir, copy) : openPostgres(config.url);
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * PGlite in a thread of its own (embedded/embedded-worker.ts), reached through node-postgres as PostgreSQL is: one
 * connection, which a transaction holds while other queries wait, as PGlite's own client made them wait
 * (docs/decisions/035-embedded-database-thread.md).
 */
async function openPglite(dataDir: string, copy: EmbeddedCopy): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) await fs.mkdir(dataDir, { recursive: true });
  const channel = await EmbeddedChannel.open({
    dataDir: inMemory ? dataDir : pgliteDirectory(dataDir),
    postgresqlconf: [`shared_buffers = ${PGLITE_SHARED_BUFFERS}`],
    ...(inMemory ? copy : {}),
  });
  const pool = new pg.Pool({
    max: 1,
    // The one connection is kept: PGlite has one session, and a new connection would start it again.
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    ssl: false,
    stream: () => new EmbeddedSocket(channel),
    // node-postgres drops a connection whose query failed and opens another, but PGlite's one session goes on: it
    // forgets the old connection's named statements, so the new one can prepare them again.
    onConnect: async (client) => {
      await client.query('deallocate all');
    },
  });
  pool.on('error', () => {});
  const database = poolDatabase('pglite', pool, async () => {
    await pool.end();
    await channel.close();
  });
  return database;
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
  return poolDatabase('postgres', pool, () => pool.end());
}

/** Either engine behind the same node-postgres pool, drizzle driver and migrator. */
function poolDatabase(kind: Database['kind'], pool: pg.Pool, close: () => Promise<void>): Database {
  const db = drizzle(pool, { schema }) as unknown as Db;
  const database: Database = {
    kind,
    db,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: async (folder) => {
      // The advisory lock belongs to one connection, so lock, migrate and unlock on the same one.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle(client), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close,
  };
  registerEngine(database, pool);
  return database;
}

/** Where the database is, without any password, for messages. */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'pglite') return `PGlite in ${config.dataDir}`;
  const url = new URL(config.url);
  if (url.password) url.password = '***';
  return `PostgreSQL at ${url.toString()}`;
}
