import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { engineOf } from '../src/db/engine';
import { optimizerRuns } from '../src/db/schema';
import {
  endRun,
  endRunLease,
  failIfLeftBehind,
  getOwnRun,
  insertRun,
} from '../src/features/cards/optimizer/optimizer-runs.repository';
import { createUser } from './support/factories';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A poll that reads a run "running" just before its job ends it and lets its lease go then finds no live fitter
 * (docs/decisions/034-import-budget.md "Runs of a dead process"). The run was not left behind by a restart: it reads
 * as its job ended it. Seen once on PostgreSQL: a crashed fit read "stopped (the server restarted)".
 */

const CRASHED = 'The fit crashed before it finished. Nothing was changed; try again later.';
const STOPPED = 'The run stopped before it finished (the server restarted). Nothing was changed; try again.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('a run ended (and its lease let go) between a poll’s read of its row and its lease check reads as ended, never as stopped by a restart', async () => {
  const db = server.database.db;
  const user = await createUser(db, { name: 'Ending', plan: Plan.PRO, expireAt: -1 });
  const run = await insertRun(db, user.id, Date.now());
  // The poll has read the row...
  const [polled] = await db.select().from(optimizerRuns).where(eq(optimizerRuns.id, run.id));
  expect(polled!.status).toBe('running');
  // ...then the job ends the run and lets its lease go, in that order (optimizer-job.ts)...
  expect(await endRun(db, run.id, { status: 'failed', message: CRASHED }, Date.now())).toBe(true);
  await endRunLease(db, run.id);
  // ...and only then does the poll look for the run's lease.
  const read = await failIfLeftBehind(db, polled!);
  expect(read.message).not.toBe(STOPPED);
  if (engineOf(db)?.kind === 'postgres') expect(read).toMatchObject({ status: 'failed', message: CRASHED });
  // The embedded database has no leases (one process holds it): the poll keeps the row it read, and the next reads the end.
  else expect(read.status).toBe('running');
  expect(await getOwnRun(db, user.id, run.id, Date.now())).toMatchObject({ status: 'failed', message: CRASHED });
});
