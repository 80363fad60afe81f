// The operator console at scale (decision 037): 100,000 people and 5,000,000 assistant replies, seeded with SQL
// (generate_series) on PGlite and, with DATABASE_URL, on PostgreSQL; then the people list (first page, a far page,
// the middle page, sorted by last sign-in, by replies this month, cards and plan), a search, usage and the business
// figures, each timed through the API.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import type { Db } from '../../apps/server/src/db/database';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open-database';
import { hashSessionToken, newSessionToken } from '../../apps/server/src/core/identity/session-token';
import { insertSession } from '../../apps/server/src/core/identity/sessions.repository';
import { createLogger } from '../../apps/server/src/logger';

const DAY = 86_400_000;
// The goal (docs/decisions/037-administrators.md "At scale"): each console request's p99 under 100 ms on PostgreSQL and
// under 300 ms on PGlite, which runs one query at a time.
export const ADMIN_BENCH = { people: 100_000, replies: 5_000_000, goalMs: { postgres: 100, pglite: 300 } };
const PEOPLE = Number(process.env.BENCH_ADMIN_PEOPLE ?? ADMIN_BENCH.people);
const REPLIES = Number(process.env.BENCH_ADMIN_REPLIES ?? ADMIN_BENCH.replies);
const ROUNDS = Number(process.env.BENCH_ADMIN_ROUNDS ?? 10);
const REPLY_BATCH = 500_000;
// BENCH_ADMIN_ROUTES=usage,q=: only the routes holding one of these (the seeding is the same).
const ROUTES = process.env.BENCH_ADMIN_ROUTES?.split(',').filter(Boolean);

/**
 * People signed up over a year: one in 20 on Pro (one in 10 of those complimentary, the rest paying monthly or
 * yearly through the demo, one in 5 set to end), half with a session, a third with a third-party identity; 5,000 seen
 * a day for 90 days, who ask the `replies` replies on three models (and their daily sums).
 */
async function seed(db: Db, now: number, p: string) {
  const run = (text: string) =>
    db.execute(sql.raw(text.replaceAll('bench-', `${p}-`).replaceAll('@bench.test', `@${p}.test`)));
  await run(`insert into users (id, name, email, password_hash, plan, subscription, expire_at, complimentary, created_at)
    select 'bench-u' || i, 'Person ' || i, 'person' || i || '@bench.test', case when i % 3 = 0 then null else 'x' end,
      (i % 20 = 0)::int, case when i % 200 = 0 then 3 when i % 40 = 0 then 2 when i % 20 = 0 then 1 else 3 end,
      case when i % 20 = 0 then ${now + 20 * DAY} else -1 end, i % 200 = 0,
      to_timestamp(${now / 1000} - (i % 365) * 86400 - (i * 7919) % 86400)
    from generate_series(1, ${PEOPLE}) i`);
  await run(`insert into sessions (id, user_id, expires_at, created_at, verified_at)
    select 'bench-s' || i, 'bench-u' || i, to_timestamp(${(now + DAY) / 1000}),
      to_timestamp(${now / 1000} - (i % 30) * 86400), to_timestamp(${now / 1000} - (i % 30) * 86400)
    from generate_series(2, ${PEOPLE}, 2) i`);
  await run(`insert into identities (issuer, subject, user_id)
    select 'https://bench.test', 'sub-' || i, 'bench-u' || i from generate_series(3, ${PEOPLE}, 3) i`);
  await run(`insert into active_days (day, user_id)
    select (to_timestamp(${now / 1000}) at time zone 'UTC')::date - d, 'bench-u' || (1 + (k * 20 + d) % ${PEOPLE})
    from generate_series(0, 89) d, generate_series(0, ${Math.floor(PEOPLE / 20) - 1}) k`);
  await run(`insert into fulfillments (checkout_session_id, user_id, provider, period, period_end, created_at)
    select 'cs_demo_bench' || i, 'bench-u' || i, 'demo', case when i % 40 = 0 then 'yearly' else 'monthly' end,
      ${now + 20 * DAY}, ${now} - (i % 300)::bigint * ${DAY}
    from generate_series(20, ${PEOPLE}, 20) i where i % 200 <> 0`);
  await run(`insert into billing_customers (user_id, provider, subscription_status, cancel_at_period_end, updated_at)
    select 'bench-u' || i, 'demo', 'active', i % 100 = 0, ${now} - (i % 60)::bigint * ${DAY}
    from generate_series(20, ${PEOPLE}, 20) i where i % 200 <> 0`);
  // Each reply is asked by one of the people seen that day (k of the day's 5,000), at a second of that day.
  const seenADay = Math.floor(PEOPLE / 20);
  for (let from = 0; from < REPLIES; from += REPLY_BATCH) {
    const to = Math.min(REPLIES, from + REPLY_BATCH) - 1;
    await run(`insert into reply_usage (id, user_id, model, source, plan, prompt_tokens, completion_tokens, counted,
        ending, created_at)
      select 'bench-r' || n, 'bench-u' || u, (array['gpt-4.1-mini', 'gpt-4.1', 'llama3.1:8b'])[1 + n % 3], 'chat',
        (u % 20 = 0)::int, 800 + n % 500, 200 + n % 300, n % 10 <> 0, 'complete',
        to_timestamp(${Math.floor(now / DAY) * 86_400} - d * 86400 + (n * 7919) % 86400)
      from (select n, d, 1 + ((n / 90) % ${seenADay} * 20 + d) % ${PEOPLE} as u
        from (select n, n % 90 as d from generate_series(${from}::bigint, ${to}::bigint) n) days) r`);
  }
  // As the migration that made them: each day's sums of the replies (the server adds to them with every reply).
  await run(`insert into reply_usage_days (day, user_id, model, plan, replies, prompt_tokens, completion_tokens, estimated)
    select (created_at at time zone 'UTC')::date, user_id, model, plan, count(*)::int, sum(prompt_tokens),
      sum(completion_tokens), (count(*) filter (where not counted))::int
    from reply_usage where id like 'bench-r%' group by 1, 2, 3, 4`);
  await run('analyze');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export async function benchAdmin(databaseUrl: string | undefined) {
  const dataDir = databaseUrl ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'turtle-bench-admin-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PAYMENTS: 'demo',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    MODEL_PRICES: 'gpt-4.1-mini=0.40/1.60,gpt-4.1=2/8',
  });
  // PGlite on disk, not in memory: 5,000,000 rows and their indexes outgrow a WebAssembly heap.
  const database = await openDatabase(
    config.database.kind === 'postgres' ? config.database : { kind: 'pglite', dataDir: dataDir! },
  );
  try {
    await runMigrations(database);
    const now = Date.now();
    const p = `bench${randomUUID().slice(0, 8)}`;
    const seeding = performance.now();
    await seed(database.db, now, p);
    const seedMs = performance.now() - seeding;
    const app = await buildApp({ config, database, logger: createLogger('silent') });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const base = `http://127.0.0.1:${address.port}`;
      const token = newSessionToken();
      await database.db.execute(sql`update users set role = 1 where id = ${`${p}-u1`}`);
      await insertSession(database.db, {
        id: hashSessionToken(token),
        userId: `${p}-u1`,
        expiresAt: new Date(now + DAY),
      });
      const measure = async (route: string) => {
        const times: number[] = [];
        for (let round = -2; round < ROUNDS; round++) {
          const started = performance.now();
          const response = await fetch(base + route, { headers: { cookie: `sid=${token}`, origin: base } });
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${route}: ${response.status}`);
          if (round >= 0) times.push(performance.now() - started);
        }
        return { route, p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times) };
      };
      const lastPage = Math.ceil(PEOPLE / 50);
      const routes = [
        '/api/admin/people',
        `/api/admin/people?page=${lastPage}`,
        // The middle page skips the most rows (a page past it is read from the other end).
        `/api/admin/people?page=${Math.ceil(lastPage / 2)}`,
        '/api/admin/people?sort=lastSignIn',
        '/api/admin/people?sort=name&order=asc',
        '/api/admin/people?sort=repliesThisMonth',
        `/api/admin/people?sort=cards&order=asc&page=${Math.ceil(lastPage / 2)}`,
        '/api/admin/people?sort=plan',
        `/api/admin/people?q=person4242`,
        `/api/admin/people?q=${p}.test&page=3`,
        '/api/admin/usage?days=7',
        '/api/admin/usage?days=30',
        '/api/admin/usage?days=90',
        '/api/admin/business?days=30',
        '/api/admin/business?days=90',
      ];
      const timings = [];
      for (const route of routes) {
        if (!ROUTES || ROUTES.some((part) => route.includes(part))) timings.push(await measure(route));
      }
      return { engine: database.kind, people: PEOPLE, replies: REPLIES, seedMs, rounds: ROUNDS, timings };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }
}
