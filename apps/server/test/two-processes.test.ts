import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/open-database';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

// Two processes need a database both can open: PostgreSQL. The embedded PGlite is one process by design
// (DATA_DIR is locked), so this file runs on the PostgreSQL pass of CI (`DATABASE_URL` set).
describe.runIf(process.env.DATABASE_URL)('two server processes behind one load balancer', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let database: Database;

  beforeAll(async () => {
    const env = { DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'warn' };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
    database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
  }, 90_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await database?.close();
  });

  it('share sessions: a session works on both, and a logout on one ends it on the other', async () => {
    const user = await createUser(database.db, { name: 'Shared' });
    const token = await createSessionToken(database.db, user.id);
    expect((await call(a.url, '/api/user/status', { cookie: token })).data).toMatchObject({ id: user.id });
    expect((await call(b.url, '/api/user/status', { cookie: token })).data).toMatchObject({ id: user.id });

    const logout = await call(b.url, '/api/user/logout', { method: 'POST', cookie: token });
    expect(logout.status).toBe(200);
    expect((await call(a.url, '/api/user/status', { cookie: token })).data).toEqual({});
  });
});
