// `GET /api/note/list` with 200 notes under concurrent load (autocannon), beside the same server answering a
// fixed in-memory list of the same size: the ratio is what the database read costs.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open-database';
import { insertNote } from '../../apps/server/src/core/notes/notes.repository';
import { hashSessionToken, newSessionToken } from '../../apps/server/src/core/identity/session-token';
import { insertSession } from '../../apps/server/src/core/identity/sessions.repository';
import { requireUser } from '../../apps/server/src/core/identity/sessions';
import { insertUser } from '../../apps/server/src/core/identity/users.repository';
import { createLogger } from '../../apps/server/src/logger';

const NOTE_COUNT = 200;
const DURATION_S = 5;
const CONNECTIONS = 10;

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export async function benchNotesList(): Promise<{ database: LoadResult; fixed: LoadResult; engine: string }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: process.env.DATABASE_URL });
  const database = await openDatabase(
    config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: 'memory://' },
  );
  await runMigrations(database);
  const db = database.db;
  const user = await insertUser(db, { id: randomUUID(), name: 'Bench', email: `bench-${randomUUID()}@example.test` });
  const token = newSessionToken();
  await insertSession(db, {
    id: hashSessionToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const fixedNotes = [];
  for (let index = 0; index < NOTE_COUNT; index += 1) {
    const now = Date.now() - index * 1000;
    const row = await insertNote(db, {
      id: randomUUID(),
      userId: user.id,
      name: `Note ${index}`,
      content: `Some words about topic ${index}. `.repeat(15),
      createdAt: now,
      updatedAt: now,
      lastAccessAt: now,
    });
    const { userId: _owner, ...note } = row;
    fixedNotes.push(note);
  }

  const app = await buildApp({ config, database, logger: createLogger('silent') });
  // The baseline: the same app, hooks and session check, answering a list held in memory.
  app.get('/api/bench/fixed-notes', async (request) => {
    requireUser(request);
    return { notes: fixedNotes };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    const load = async (path: string): Promise<LoadResult> => {
      const result = await autocannon({
        url: base + path,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { cookie: `sid=${token}` },
      });
      return {
        requestsPerSecond: result.requests.average,
        p99Ms: result.latency.p99,
        errors: result.non2xx + result.errors,
      };
    };
    await load('/api/note/list'); // warm-up
    const databaseResult = await load('/api/note/list');
    const fixed = await load('/api/bench/fixed-notes');
    return { database: databaseResult, fixed, engine: config.database.kind };
  } finally {
    await app.close();
    await database.close();
  }
}
