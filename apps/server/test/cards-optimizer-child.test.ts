import { eq } from 'drizzle-orm';
import { default_w } from 'ts-fsrs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OptimizerRun } from '@turtle/shared/cards-optimizer';
import { DAY_MS } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import { cardSettings } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { simulateReviewHistory } from './support/review-history';
import { seedReviewHistory } from './support/review-seed';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Decision 013: the fit runs in a child process, so whatever happens to it (a native abort, a hang, a memory
 * blow-up, an answer that makes no sense) ends the run as failed with a message, and the server keeps serving. The
 * faults are the child's own test-only hooks, read only under NODE_ENV=test (Vitest's).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const TEST_VARIABLES = [
  'TURTLE_TEST_OPTIMIZER_FAULT',
  'TURTLE_TEST_OPTIMIZER_TIMEOUT_MS',
  'TURTLE_TEST_OPTIMIZER_MAX_RSS_MB',
  'TURTLE_TEST_OPTIMIZER_MAX_HEAP_MB',
] as const;
afterEach(() => {
  for (const name of TEST_VARIABLES) delete process.env[name];
});

async function learner(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name, plan: Plan.PRO, expireAt: -1 });
  const cookie = await createSessionToken(db, user.id);
  const reviews = simulateReviewHistory({ w: default_w, cards: 80, total: 450, startAt: Date.now() - 300 * DAY_MS });
  await seedReviewHistory(db, user.id, { deckName: name, cards: Array.from({ length: 80 }, () => ({})), reviews });
  return { user, cookie, client: cardsClient(server.url, cookie) };
}

async function runWith(client: ReturnType<typeof cardsClient>, onPoll?: (run: OptimizerRun) => Promise<void>) {
  const started = await client.call('/api/cards/optimizer', { tz: 'UTC' });
  expect(started.status).toBe(202);
  const id = (started.data as { run: OptimizerRun }).run.id;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const run = ((await client.call(`/api/cards/optimizer/${id}`)).data as { run: OptimizerRun }).run;
    if (run.status !== 'running' || Date.now() > deadline) return run;
    await onPoll?.(run);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const weightsOf = async (userId: string) =>
  (await server.database.db.select().from(cardSettings).where(eq(cardSettings.userId, userId)))[0]?.weights ?? null;

describe('the optimizer’s child process', () => {
  it('a child that aborts (as the native fit did) fails the run with a message; the server answers throughout', async () => {
    const { user, client } = await learner('Aborted');
    expect((await client.call('/api/note/save', { note: { name: 'Still here', content: 'A note' } })).status).toBe(200);
    process.env.TURTLE_TEST_OPTIMIZER_FAULT = 'abort';
    let answeredDuring = 0;
    const run = await runWith(client, async () => {
      expect((await client.call('/api/health')).status).toBe(200);
      expect((await client.call('/api/note/list')).status).toBe(200);
      answeredDuring++;
    });
    expect(answeredDuring).toBeGreaterThan(0);
    expect(run.status).toBe('failed');
    expect(run.message).toBe('The fit crashed before it finished. Nothing was changed; try again later.');
    expect(await weightsOf(user.id)).toBeNull();
    // After: the same server, still answering.
    expect((await client.call('/api/health')).status).toBe(200);
    const notes = await client.call('/api/note/list');
    expect(notes.status).toBe(200);
    expect(JSON.stringify(notes.data)).toContain('Still here');
  }, 90_000);

  it('a child that runs past the time limit is killed and the run fails', async () => {
    const { user, client } = await learner('Slow');
    process.env.TURTLE_TEST_OPTIMIZER_FAULT = 'hang';
    process.env.TURTLE_TEST_OPTIMIZER_TIMEOUT_MS = '1500';
    const startedAt = Date.now();
    const run = await runWith(client);
    expect(run.status).toBe('failed');
    expect(run.message).toBe(
      'The fit took longer than 2 seconds and was stopped. Nothing was changed; try again later.',
    );
    expect(Date.now() - startedAt).toBeLessThan(30_000);
    expect(await weightsOf(user.id)).toBeNull();
  }, 90_000);

  it('a child that takes too much memory is killed and the run fails', async () => {
    const { user, client } = await learner('Greedy');
    process.env.TURTLE_TEST_OPTIMIZER_FAULT = 'bloat';
    process.env.TURTLE_TEST_OPTIMIZER_MAX_RSS_MB = '300';
    const run = await runWith(client);
    expect(run.status).toBe('failed');
    expect(run.message).toBe('The fit needed more than 300 MB of memory and was stopped. Nothing was changed.');
    expect(await weightsOf(user.id)).toBeNull();
  }, 90_000);

  it('a child past its JavaScript heap limit (V8 aborts it) fails the run, said as memory', async () => {
    const { user, client } = await learner('Heavy');
    process.env.TURTLE_TEST_OPTIMIZER_FAULT = 'heap';
    process.env.TURTLE_TEST_OPTIMIZER_MAX_HEAP_MB = '128';
    const run = await runWith(client);
    expect(run.status).toBe('failed');
    expect(run.message).toBe('The fit needed more than 128 MB of memory and was stopped. Nothing was changed.');
    expect(await weightsOf(user.id)).toBeNull();
  }, 90_000);

  it('a child that answers nonsense fails the run and nothing is saved', async () => {
    const { user, client } = await learner('Garbled');
    process.env.TURTLE_TEST_OPTIMIZER_FAULT = 'garbage';
    const run = await runWith(client);
    expect(run.status).toBe('failed');
    expect(run.message).toBe('The fit answered something unreadable. Nothing was changed; try again later.');
    expect(await weightsOf(user.id)).toBeNull();
  }, 90_000);
});
