// Learning analytics and the optimizer (decision 013): the analytics query (`GET /api/cards/analytics`, every figure of
// the screen) for a learner with 10,000 cards and 100,000 logged reviews, on PGlite and, with DATABASE_URL, on
// PostgreSQL; and the optimizer's wall time from "Optimize my schedule" to its result for 10,000 and 100,000 reviews.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { default_w } from 'ts-fsrs';
import type { OptimizerRun } from '@turtle/shared/cards-optimizer';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import type { Db } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open-database';
import { users } from '../../apps/server/src/db/schema';
import { hashSessionToken, newSessionToken } from '../../apps/server/src/core/identity/session-token';
import { insertSession } from '../../apps/server/src/core/identity/sessions.repository';
import { insertUser } from '../../apps/server/src/core/identity/users.repository';
import { createLogger } from '../../apps/server/src/logger';
import { simulateReviewHistory } from '../../apps/server/test/support/review-history';
import { seedReviewHistory } from '../../apps/server/test/support/review-seed';

const DAY = 86_400_000;
const ROUNDS = Number(process.env.BENCH_ANALYTICS_ROUNDS ?? 200);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** 10,000 cards in 5 decks and 100,000 reviews over the last year, a third of them of mature cards. */
export async function seedLog(db: Db, userId: string, now: number) {
  const p = randomUUID().slice(0, 8);
  const run = (text: string) => db.execute(sql.raw(text.replaceAll('{p}', p)));
  await run(`insert into decks (id, user_id, name, created_at)
    select '{p}deck-' || d, '${userId}', 'Deck ' || d, ${now} from generate_series(1, 5) d`);
  await run(`insert into card_notes (id, user_id, deck_id, kind, front, back, tags, front_key, created_at, updated_at)
    select '{p}note-' || i, '${userId}', '{p}deck-' || (1 + i % 5), 'basic', 'Q ' || i, 'A ' || i, '[]'::jsonb,
      'q ' || i, ${now - 400 * DAY}, ${now - 400 * DAY} from generate_series(1, 10000) i`);
  await run(`insert into cards (id, user_id, note_id, deck_id, ordinal, state, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, last_review, created_at)
    select '{p}card-' || i, '${userId}', '{p}note-' || i, '{p}deck-' || (1 + i % 5), 0,
      case when i <= 1000 then 0 else 2 end, ${now} + ((i * 7919) % 120 - 20)::bigint * ${DAY},
      (i % 400) + 0.5, 1 + (i % 90) / 10.0, 0, 1 + i % 60, 0, 10, i % 3, ${now - 30 * DAY}, ${now - 400 * DAY}
    from generate_series(1, 10000) i`);
  await run(`insert into review_logs (user_id, card_id, rating, state_before, state_after, due_before, due_after,
      stability_before, difficulty_before, stability_after, difficulty_after, elapsed_days, last_elapsed_days,
      scheduled_days, learning_steps, reviewed_at, duration_ms, previous)
    select '${userId}', '{p}card-' || (1001 + i % 9000), 1 + (i % 7 = 0)::int + (i % 4 <> 0)::int * 2 - (i % 4 = 3)::int,
      2, 2, ${now}, ${now}, 5, 5, 6, 5, 3, 2, 4, 0,
      ${now} - (i % 365)::bigint * ${DAY} - (i % 1000) * 1000, 4000,
      jsonb_build_object('scheduledDays', i % 60)
    from generate_series(1, 100000) i`);
  await run('analyze');
}

async function startApp(databaseUrl: string | undefined) {
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
  const app = await buildApp({ config, database, logger: createLogger('silent') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const learner = async () => {
    const user = await insertUser(database.db, {
      id: randomUUID(),
      name: 'Bench',
      email: `bench-${randomUUID()}@example.test`,
    });
    await database.db.update(users).set({ plan: 1, expireAt: -1 }).where(eq(users.id, user.id));
    const token = newSessionToken();
    await insertSession(database.db, {
      id: hashSessionToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + DAY),
    });
    const headers = { cookie: `sid=${token}`, origin: base };
    const call = async <T>(path: string, body?: unknown) => {
      const response = await fetch(base + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const data = (await response.json()) as T;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
      return data;
    };
    return { userId: user.id, call };
  };
  return {
    kind: config.database.kind,
    db: database.db,
    learner,
    close: async () => (await app.close(), await database.close()),
  };
}

export async function benchAnalytics(databaseUrl: string | undefined) {
  const app = await startApp(databaseUrl);
  try {
    const { userId, call } = await app.learner();
    const seeding = performance.now();
    await seedLog(app.db, userId, Date.now());
    const seedMs = performance.now() - seeding;
    const deck = (await call<{ decks: { id: string }[] }>('/api/cards/decks?tz=UTC')).decks[0]!.id;
    const measure = async (path: string) => {
      const times: number[] = [];
      for (let round = -10; round < ROUNDS; round++) {
        const started = performance.now();
        await call(path);
        if (round >= 0) times.push(performance.now() - started);
      }
      return { p50: percentile(times, 50), p99: percentile(times, 99) };
    };
    return {
      engine: app.kind,
      seedMs,
      allDecks: await measure('/api/cards/analytics?days=365&tz=Europe%2FParis'),
      oneDeck: await measure(`/api/cards/analytics?days=365&tz=Europe%2FParis&deckId=${deck}`),
    };
  } finally {
    await app.close();
  }
}

/** From "Optimize my schedule" to the result, through the API (reading the log, the worker, both fits). */
export async function benchOptimizer(reviews: number) {
  const app = await startApp(undefined);
  try {
    const { userId, call } = await app.learner();
    const w = [...default_w];
    w[0] = 0.1;
    w[1] = 0.4;
    w[2] = 1.2;
    w[3] = 4;
    w[8] = 1.0;
    const cards = Math.round(reviews / 5);
    const log = simulateReviewHistory({ w, cards, total: reviews, startAt: Date.now() - 800 * DAY, seed: 3 });
    await seedReviewHistory(app.db, userId, {
      deckName: 'Bench',
      cards: Array.from({ length: cards }, () => ({})),
      reviews: log,
    });
    const started = performance.now();
    let { run } = await call<{ run: OptimizerRun }>('/api/cards/optimizer', { tz: 'UTC' });
    while (run.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({ run } = await call<{ run: OptimizerRun }>(`/api/cards/optimizer/${run.id}`));
    }
    return { reviews: log.length, ms: performance.now() - started, run };
  } finally {
    await app.close();
  }
}
