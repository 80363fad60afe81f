// Flashcards (decision 012): building today's queue (`GET /api/cards/review/next`, which counts the day's queue and
// picks the next card) and grading one card (`POST /api/cards/review/grade`), for a learner with 10,000 cards and
// 100,000 logged reviews, on embedded PGlite and, when DATABASE_URL is set, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import type { Db } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open-database';
import { hashSessionToken, newSessionToken } from '../../apps/server/src/core/identity/session-token';
import { insertSession } from '../../apps/server/src/core/identity/sessions.repository';
import { insertUser } from '../../apps/server/src/core/identity/users.repository';
import { createLogger } from '../../apps/server/src/logger';

const CARDS = 10_000;
const REVIEWS = 100_000;
const ROUNDS = 300;
const DAY = 86_400_000;

export interface CardsBenchResult {
  engine: string;
  seedMs: number;
  queue: { p50: number; p99: number };
  grade: { p50: number; p99: number };
  summary: { p50: number; p99: number };
}

/** 10,000 cards in 5 decks (2,000 new, 300 learning, the rest in review with dues over ±90 days) and their log. */
async function seed(db: Db, userId: string, now: number) {
  const run = (text: string) =>
    db.execute(
      sql.raw(
        text
          .replaceAll("'deck-'", `'${p}deck-'`)
          .replaceAll("'note-'", `'${p}note-'`)
          .replaceAll("'card-'", `'${p}card-'`),
      ),
    );
  // Ids of this run only: a PostgreSQL database may hold earlier runs.
  const p = randomUUID().slice(0, 8);
  await run(`insert into decks (id, user_id, name, created_at)
    select 'deck-' || d, '${userId}', 'Deck ' || d, ${now} from generate_series(1, 5) d`);
  await run(`insert into card_notes (id, user_id, deck_id, kind, front, back, tags, front_key, created_at, updated_at)
    select 'note-' || i, '${userId}', 'deck-' || (1 + i % 5), 'basic', 'Question ' || i, 'Answer ' || i, '[]'::jsonb,
      'question ' || i, ${now - 200 * DAY} + i, ${now - 200 * DAY} + i
    from generate_series(1, ${CARDS}) i`);
  await run(`insert into cards (id, user_id, note_id, deck_id, ordinal, state, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, last_review, created_at)
    select 'card-' || i, '${userId}', 'note-' || i, 'deck-' || (1 + i % 5), 0,
      case when i <= 2000 then 0 when i <= 2300 then 1 else 2 end,
      case when i <= 2000 then ${now - 200 * DAY} + i
           when i <= 2300 then ${now} + (i % 40 - 20) * 60000
           else ${now} + ((i * 7919) % 180 - 90)::bigint * ${DAY} end,
      case when i <= 2000 then 0 else 1 + (i % 60) end, case when i <= 2000 then 0 else 1 + (i % 9) end,
      0, case when i <= 2000 then 0 else 1 + (i % 60) end, 0, case when i <= 2000 then 0 else 10 end,
      i % 3, case when i <= 2000 then null else ${now - 30 * DAY} end, ${now - 200 * DAY}
    from generate_series(1, ${CARDS}) i`);
  await run(`insert into review_logs (user_id, card_id, rating, state_before, state_after, due_before, due_after,
      stability_before, difficulty_before, stability_after, difficulty_after, elapsed_days, last_elapsed_days,
      scheduled_days, learning_steps, reviewed_at, duration_ms, previous)
    select '${userId}', 'card-' || (2001 + i % ${CARDS - 2000}), 1 + i % 4, 2, 2, ${now}, ${now}, 5, 5, 6, 5, 3, 2, 4, 0,
      ${now} - (i % 365)::bigint * ${DAY} - (i % 1000) * 1000, 4000, '{}'::jsonb
    from generate_series(1, ${REVIEWS}) i`);
  await run('analyze');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const stats = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });

export async function benchCards(databaseUrl: string | undefined): Promise<CardsBenchResult> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PAYMENTS: 'demo',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
  });
  const database = await openDatabase(
    config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: 'memory://' },
  );
  await runMigrations(database);
  const db = database.db;
  const user = await insertUser(db, { id: randomUUID(), name: 'Bench', email: `bench-${randomUUID()}@example.test` });
  const token = newSessionToken();
  await insertSession(db, { id: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + DAY) });
  const seeding = performance.now();
  await seed(db, user.id, Date.now());
  const seedMs = performance.now() - seeding;

  const app = await buildApp({ config, database, logger: createLogger('silent') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const headers = { cookie: `sid=${token}`, origin: base };
  const timed = async (path: string, init?: RequestInit) => {
    const started = performance.now();
    const response = await fetch(base + path, { ...init, headers: { ...headers, ...init?.headers } });
    const body = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, body };
  };
  try {
    const queue: number[] = [];
    const grade: number[] = [];
    const summary: number[] = [];
    for (let round = -20; round < ROUNDS; round += 1) {
      const next = await timed('/api/cards/review/next?tz=Europe%2FParis');
      const card = (next.body as NextCardResponse).card;
      if (!card) throw new Error('the queue ran out');
      const graded = await timed('/api/cards/review/grade', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cardId: card.id, rating: 1 + (round & 3), durationMs: 3000 }),
      });
      const counted = await timed('/api/cards/summary?tz=Europe%2FParis');
      // The first rounds warm the JIT, the caches and the connection pool.
      if (round < 0) continue;
      queue.push(next.ms);
      grade.push(graded.ms);
      summary.push(counted.ms);
    }
    return { engine: config.database.kind, seedMs, queue: stats(queue), grade: stats(grade), summary: stats(summary) };
  } finally {
    await app.close();
    await database.close();
  }
}
