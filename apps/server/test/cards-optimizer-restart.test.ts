import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { default_w } from 'ts-fsrs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { OptimizerRun } from '@turtle/shared/cards-optimizer';
import { DAY_MS } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import { freePort } from '../../../scripts/lib/built-server.mjs';
import { runMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { simulateReviewHistory } from './support/review-history';
import { seedReviewHistory } from './support/review-seed';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

/**
 * A server killed (kill -9) in the middle of an optimizer run left the run "running" for a minute after it started
 * again, and "Optimize my schedule" answered with the dead run until then. It reads failed at the first answer: on
 * the embedded database because one process holds it, on PostgreSQL (shared by several live processes) because the
 * dead process's connection took the run's lease with it (docs/decisions/034-import-budget.md).
 */

const started: ServerProcess[] = [];
let tempDir: string;
beforeAll(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-optimizer-restart-'));
});
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
});
afterAll(() => fs.rmSync(tempDir, { recursive: true, force: true }));

async function start(env: Record<string, string>) {
  const server = await spawnServer(env);
  started.push(server);
  await waitUntilHealthy(server);
  return server;
}

/** The optimizer's child processes of a server process (Linux: /proc/<pid>/task/<tid>/children). */
function fittersOf(pid: number): number[] {
  const tasks = fs.readdirSync(`/proc/${pid}/task`);
  return tasks
    .flatMap((task) =>
      fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    )
    .filter((child) => fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('optimizer-child'));
}
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A Pro learner with 450 reviews, written before any server holds the database; their cookie and the servers' env. */
async function seedLearner() {
  const postgres = process.env.DATABASE_URL;
  const dataDir = path.join(tempDir, `data-${Date.now()}`);
  const database = await openDatabase(postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir });
  let cookie: string;
  try {
    await runMigrations(database);
    const user = await createUser(database.db, { name: 'Restarted', plan: Plan.PRO, expireAt: -1 });
    cookie = await createSessionToken(database.db, user.id);
    const reviews = simulateReviewHistory({ w: default_w, cards: 80, total: 450, startAt: Date.now() - 300 * DAY_MS });
    await seedReviewHistory(database.db, user.id, {
      deckName: 'Restart',
      cards: Array.from({ length: 80 }, () => ({})),
      reviews,
    });
  } finally {
    await database.close();
  }
  const env = async () => ({
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    // The child hangs (a test-only fault, honoured only under NODE_ENV=test), so the run is running when killed.
    NODE_ENV: 'test',
    TURTLE_TEST_OPTIMIZER_FAULT: 'hang',
    ...(postgres ? { DATABASE_URL: postgres } : { DATA_DIR: dataDir }),
  });
  return { cookie, env };
}

it('a run left "running" by a killed server reads failed when it starts again, and a new run can start', async () => {
  const { cookie, env: serverEnv } = await seedLearner();
  const env = await serverEnv();
  const first = await start(env);
  const begun = await call(first.url, '/api/cards/optimizer', { json: { tz: 'UTC' }, cookie });
  expect(begun.status).toBe(202);
  const id = (begun.data as { run: OptimizerRun }).run.id;
  const running = await until(
    async () => ((await call(first.url, `/api/cards/optimizer/${id}`, { cookie })).data as { run: OptimizerRun }).run,
    (run) => run.phase !== 'Starting',
    30_000,
  );
  expect(running.status).toBe('running');
  const fitters = fittersOf(first.child.pid!);
  expect(fitters.length).toBe(1);

  first.child.kill('SIGKILL');
  await first.exited;
  // The fitting child notices its server is gone and ends too.
  expect(
    await until(
      async () => isAlive(fitters[0]!),
      (alive) => !alive,
      10_000,
    ),
  ).toBe(false);

  const second = await start(env);
  const read = async () =>
    ((await call(second.url, `/api/cards/optimizer/${id}`, { cookie })).data as { run: OptimizerRun }).run;
  // The first answer, on either database: no waiting for a heartbeat to grow old.
  const after = await read();
  expect(after.status).toBe('failed');
  expect(after.message).toBe(
    'The run stopped before it finished (the server restarted). Nothing was changed; try again.',
  );
  const again = await call(second.url, '/api/cards/optimizer', { json: { tz: 'UTC' }, cookie });
  expect(again.status).toBe(202);
  const next = (again.data as { run: OptimizerRun }).run;
  expect(next.id).not.toBe(id);
  expect(next.status).toBe('running');
}, 180_000);

it.skipIf(!process.env.DATABASE_URL)(
  'on PostgreSQL, a run another live process is fitting reads running there and here, and ends failed here the moment that process is killed',
  async () => {
    const { cookie, env } = await seedLearner();
    const [fitting, other] = [await start(await env()), await start(await env())];
    const begun = await call(fitting.url, '/api/cards/optimizer', { json: { tz: 'UTC' }, cookie });
    expect(begun.status).toBe(202);
    const id = (begun.data as { run: OptimizerRun }).run.id;
    const readOn = async (server: ServerProcess) =>
      ((await call(server.url, `/api/cards/optimizer/${id}`, { cookie })).data as { run: OptimizerRun }).run;
    expect((await readOn(other)).status).toBe('running');
    // Asking the other process to optimize answers with the live run rather than starting a second one.
    const again = await call(other.url, '/api/cards/optimizer', { json: { tz: 'UTC' }, cookie });
    expect((again.data as { run: OptimizerRun }).run.id).toBe(id);
    expect((await readOn(fitting)).status).toBe('running');

    fitting.child.kill('SIGKILL');
    await fitting.exited;
    // PostgreSQL ends the dead process's sessions as their sockets close; a moment, not a heartbeat's silence.
    const after = await until(
      () => readOn(other),
      (run) => run.status !== 'running',
      2_000,
    );
    expect(after.status).toBe('failed');
  },
  180_000,
);
