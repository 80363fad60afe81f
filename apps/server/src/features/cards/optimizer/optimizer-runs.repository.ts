import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { OptimizerResult, OptimizerRun } from '@turtle/shared/cards-optimizer';
import type { DbOrTx } from '../../../db/database';
import { optimizerRuns } from '../../../db/schema';

/** A running run not heard of for this long lost its process (a restart): it counts as failed. */
export const RUN_SILENCE_MS = 60_000;
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

export async function latestRun(db: DbOrTx, userId: string, now: number): Promise<OptimizerRun | null> {
  const rows = await db
    .select()
    .from(optimizerRuns)
    .where(eq(optimizerRuns.userId, userId))
    .orderBy(desc(optimizerRuns.createdAt))
    .limit(1);
  return rows[0] ? toRun(rows[0], now) : null;
}

export async function getOwnRun(db: DbOrTx, userId: string, id: string, now: number): Promise<OptimizerRun | null> {
  const rows = await db
    .select()
    .from(optimizerRuns)
    .where(and(eq(optimizerRuns.id, id), eq(optimizerRuns.userId, userId)));
  return rows[0] ? toRun(rows[0], now) : null;
}

export async function insertRun(db: DbOrTx, userId: string, now: number): Promise<OptimizerRun> {
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
  await db.insert(optimizerRuns).values(row);
  return toRun(row, now);
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
