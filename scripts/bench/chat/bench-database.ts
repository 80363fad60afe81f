// The databases the stream benchmark runs Turtle on: PGlite in a temporary folder, and a throwaway PostgreSQL
// database made beside DATABASE_URL (or the local postgres://postgres@127.0.0.1:5432/test) when one answers.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../../apps/server/src/config/config';
import { runMigrations } from '../../../apps/server/src/db/migrate';
import { openDatabase } from '../../../apps/server/src/db/open-database';
import { hashSessionToken, newSessionToken } from '../../../apps/server/src/core/identity/session-token';
import { insertSession } from '../../../apps/server/src/core/identity/sessions.repository';
import { insertUser } from '../../../apps/server/src/core/identity/users.repository';

export interface BenchDatabase {
  engine: 'pglite' | 'postgres';
  config: DatabaseConfig;
  /** What the server's process needs in its environment to open it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function pgliteBenchDatabase(): Promise<BenchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-bench-'));
  const dataDir = path.join(dir, 'data');
  return {
    engine: 'pglite',
    config: { kind: 'pglite', dataDir },
    env: { DATA_DIR: dataDir },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** A new database on the server of DATABASE_URL (or the local one); throws, saying why, when there is none. */
export async function postgresBenchDatabase(): Promise<BenchDatabase> {
  const baseUrl = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const name = `turtle_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    engine: 'postgres',
    config: { kind: 'postgres', url: url.toString() },
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One person per concurrent stream (one stream at a time each), signed in with a session made in the database. */
export async function seedPeople(config: DatabaseConfig, count: number): Promise<string[]> {
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const tokens: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const user = await insertUser(database.db, {
        id: randomUUID(),
        name: 'Bench',
        email: `b-${randomUUID()}@x.test`,
      });
      const token = newSessionToken();
      await insertSession(database.db, {
        id: hashSessionToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      tokens.push(token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}
