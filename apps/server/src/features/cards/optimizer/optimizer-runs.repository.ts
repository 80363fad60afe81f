import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { OptimizerResult, OptimizerRun } from '@turtle/shared/cards-optimizer';
import type { DbOrTx } from '../../../db/database';
import { engineOf } from '../../../db/engine';
import { optimizerRuns } from '../cards.tables';
import { hasLiveFitter, holdRunLease, releaseRunLease } from './run-leases';

/**
 * A running run whose process has not written its heartbeat (every second) for this long lost that process: it reads
 * failed. A backstop only: a dead process's runs read failed at once, on PostgreSQL because their lease is gone
 * (`run-leases.ts`), on the embedded database because the next process fails them all (`failRunsLeftBehind`).
 */
export const RUN_SILENCE_MS = 15_000;
const STOPPED_MESSAGE = 'The run stopped before it finished (the server restarted). Nothing was changed; try again.';

type RunRow = typeof optimizerRuns.$inferSelect;

function toRun(row: RunRow, now: number): OptimizerRun {
  const lost = row.status === 'running' && now - row.updatedAt > RUN_SILENCE_MS;
  return {
    id: row.id,
    status: lost ? 'failed' : row.status,
    phase: lost ? 'Stopped' : row.phase,
    progress: row.progress,
    result: row.result ?? null,
    message: lost ? STOPPED_MESSAGE : (row.message ?? null),
    createdAt: row.createdAt,
  };
}

/** Per embedded database: its runs left behind have been failed (or are being). */
const sweeps = new WeakMap<DbOrTx, Promise<void>>();

/**
 * The embedded database is held by one process (its data folder is locked), so any run still 'running' when this
 * process first reads or starts a run was left by a process that is gone: it ends failed now, before the first
 * answer, instead of reading "running" until its heartbeat is old. PostgreSQL may be shared by several live
 * processes, so there a run is judged by its own lease (`failIfLeftBehind`).
 */
function failRunsLeftBehind(db: DbOrTx): Promise<void> {
  if (engineOf(db)?.kind !== 'pglite') return Promise.resolve();
  let sweep = sweeps.get(db);
  if (!sweep) {
    sweep = db
      .update(optimizerRuns)
      .set({ status: 'failed', phase: 'Stopped', message: STOPPED_MESSAGE, updatedAt: Date.now() })
      .where(eq(optimizerRuns.status, 'running'))
      .then(() => undefined);
    sweeps.set(db, sweep);
    // Tried again by the next read if the database did not answer.
    sweep.catch(() => sweeps.delete(db));
  }
  return sweep;
}

/**
 * A running run whose fitter is gone (PostgreSQL: nobody holds its lease) ends failed now, and reads so. `row` may be
 * stale: its job can end the run and let the lease go between that read and the lease's check. Then the run is not
 * left behind but ended, and reads as its job ended it, never as stopped by a restart.
 */
export async function failIfLeftBehind(db: DbOrTx, row: RunRow): Promise<RunRow> {
  if (row.status !== 'running' || (await hasLiveFitter(db, row.id))) return row;
  const stopped = { status: 'failed' as const, phase: 'Stopped', message: STOPPED_MESSAGE, updatedAt: Date.now() };
  const [failed] = await db
    .update(optimizerRuns)
    .set(stopped)
    .where(and(eq(optimizerRuns.id, row.id), eq(optimizerRuns.status, 'running')))
    .returning();
  if (failed) return failed;
  const [ended] = await db.select().from(optimizerRuns).where(eq(optimizerRuns.id, row.id));
  return ended ?? row;
}

export async function latestRun(db: DbOrTx, userId: string, now: number): Promise<OptimizerRun | null> {
  await failRunsLeftBehind(db);
  const rows = await db
    .select()
    .from(optimizerRuns)
    .where(eq(optimizerRuns.userId, userId))
    .orderBy(desc(optimizerRuns.createdAt))
    .limit(1);
  return rows[0] ? toRun(await failIfLeftBehind(db, rows[0]), now) : null;
}

export async function getOwnRun(db: DbOrTx, userId: string, id: string, now: number): Promise<OptimizerRun | null> {
  await failRunsLeftBehind(db);
  const rows = await db
    .select()
    .from(optimizerRuns)
    .where(and(eq(optimizerRuns.id, id), eq(optimizerRuns.userId, userId)));
  return rows[0] ? toRun(await failIfLeftBehind(db, rows[0]), now) : null;
}

export async function insertRun(db: DbOrTx, userId: string, now: number): Promise<OptimizerRun> {
  await failRunsLeftBehind(db);
  const row: RunRow = {
    id: randomUUID(),
    userId,
    status: 'running',
    phase: 'Starting',
    progress: 0,
    result: null,
    message: null,
    createdAt: now,
    updatedAt: now,
  };
  // The lease first, so no reader ever sees this run running without a live fitter.
  await holdRunLease(db, row.id);
  try {
    await db.insert(optimizerRuns).values(row);
  } catch (error) {
    await releaseRunLease(db, row.id);
    throw error;
  }
  return toRun(row, now);
}

/** The fit of this run has ended, whatever way: its lease goes (the run's row was ended first). */
export function endRunLease(db: DbOrTx, id: string): Promise<void> {
  return releaseRunLease(db, id);
}

/** Writes the progress of a running run; answers whether it is still running (false once cancelled). */
export async function touchRun(db: DbOrTx, id: string, phase: string, progress: number, now: number) {
  const rows = await db
    .update(optimizerRuns)
    .set({ phase, progress, updatedAt: now })
    .where(and(eq(optimizerRuns.id, id), eq(optimizerRuns.status, 'running')))
    .returning({ id: optimizerRuns.id });
  return rows.length > 0;
}

/** Ends a running run; answers false (and changes nothing) when it was no longer running, e.g. cancelled. */
export async function endRun(
  db: DbOrTx,
  id: string,
  end: { status: 'done' | 'failed' | 'cancelled'; result?: OptimizerResult; message?: string },
  now: number,
) {
  const rows = await db
    .update(optimizerRuns)
    .set({
      status: end.status,
      phase: end.status === 'done' ? 'Done' : end.status === 'failed' ? 'Failed' : 'Cancelled',
      progress: end.status === 'done' ? 1 : undefined,
      result: end.result ?? null,
      message: end.message ?? null,
      updatedAt: now,
    })
    .where(and(eq(optimizerRuns.id, id), eq(optimizerRuns.status, 'running')))
    .returning({ id: optimizerRuns.id });
  return rows.length > 0;
}
