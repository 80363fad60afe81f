import { asc, count, eq } from 'drizzle-orm';
import { default_w } from 'ts-fsrs';
import { studyDayNumber } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import type { Db, DbOrTx } from '../../../db/database';
import { reviewLogs } from '../cards.tables';
import { getCardSettings, saveFittedWeights } from '../settings.repository';
import { startFit, type FitEnd, type FitLimits, type FitProcess } from './fit-process';
import type { LoggedGrade } from './fsrs-items';
import { TEST_FAULTS, type OptimizerInput, type TestFault } from './optimizer-protocol';
import { endRun, endRunLease, touchRun } from './optimizer-runs.repository';

/** How often the parent writes the run's progress and looks for a cancel (any process may have set it). */
const HEARTBEAT_MS = 1_000;

/**
 * What one fit may take. 100,000 reviews fit in a few seconds and under 300 MB (docs/decisions/013); a fit past
 * these is stopped and its run fails, whatever the log.
 */
export const FIT_LIMITS: FitLimits = { timeoutMs: 5 * 60_000, maxRssBytes: 1_536 * 2 ** 20, maxHeapMb: 1_024 };

/**
 * The limits and the child's fault, from the environment only under NODE_ENV=test (Vitest sets it): the tests of
 * a crash, a hang, a memory blow-up or a garbled answer. Never from a request.
 */
function fitSettings(env: NodeJS.ProcessEnv = process.env): { limits: FitLimits; fault?: TestFault } {
  if (env.NODE_ENV !== 'test') return { limits: FIT_LIMITS };
  const number = (value: string | undefined) => (value && Number(value) > 0 ? Number(value) : undefined);
  const fault = TEST_FAULTS.find((name) => name === env.TURTLE_TEST_OPTIMIZER_FAULT);
  const maxRssMb = number(env.TURTLE_TEST_OPTIMIZER_MAX_RSS_MB);
  return {
    limits: {
      timeoutMs: number(env.TURTLE_TEST_OPTIMIZER_TIMEOUT_MS) ?? FIT_LIMITS.timeoutMs,
      maxRssBytes: maxRssMb ? maxRssMb * 2 ** 20 : FIT_LIMITS.maxRssBytes,
      maxHeapMb: number(env.TURTLE_TEST_OPTIMIZER_MAX_HEAP_MB) ?? FIT_LIMITS.maxHeapMb,
    },
    fault,
  };
}

export async function countReviews(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ total: count() }).from(reviewLogs).where(eq(reviewLogs.userId, userId));
  return rows[0]?.total ?? 0;
}

/**
 * The learner's log, each grade on its study day in `zone` (DST included), the count the scheduler's elapsed days
 * use too (docs/decisions/012-flashcards.md), so an item's `delta_t` is the elapsed days the grade was made with.
 */
async function readGrades(db: Db, userId: string, zone: string): Promise<LoggedGrade[]> {
  const rows = await db
    .select({
      cardId: reviewLogs.cardId,
      rating: reviewLogs.rating,
      reviewedAt: reviewLogs.reviewedAt,
      stateBefore: reviewLogs.stateBefore,
    })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(asc(reviewLogs.cardId), asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
  return rows.map((row) => ({
    cardId: row.cardId,
    rating: row.rating,
    day: studyDayNumber(row.reviewedAt, zone),
    reviewedAt: row.reviewedAt,
    learning: row.stateBefore === CardState.NEW || row.stateBefore === CardState.LEARNING,
  }));
}

/**
 * Runs one optimizer run to its end off the request path: reads the log, fits in a child process (`fit-process.ts`:
 * time and memory limits, any failure of the child is a failed fit), and, only when the fitted weights did better and
 * the run was not cancelled meanwhile, saves them and the result in one transaction. A failure or a cancel saves
 * nothing but the run's end. Never throws (the caller does not wait for it).
 */
export async function runOptimizer(
  db: Db,
  run: { id: string; userId: string; tz: string },
  log: (error: unknown) => void,
) {
  let fit: FitProcess | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    const [settings, grades] = await Promise.all([getCardSettings(db, run.userId), readGrades(db, run.userId, run.tz)]);
    const input: OptimizerInput = { grades, current: settings.weights ?? [...default_w] };
    let latest = { phase: 'Reading your reviews', progress: 0.01 };
    const { limits, fault } = fitSettings();
    fit = startFit(input, { limits, fault, onProgress: (phase, progress) => (latest = { phase, progress }) });
    const end = await new Promise<FitEnd | { kind: 'cancelled' }>((resolve, reject) => {
      void fit!.ended.then(resolve);
      heartbeat = setInterval(() => {
        touchRun(db, run.id, latest.phase, latest.progress, Date.now())
          .then((running) => running || resolve({ kind: 'cancelled' }))
          .catch(reject);
      }, HEARTBEAT_MS);
    });
    if (end.kind === 'cancelled') return;
    if (end.kind === 'failed') {
      // The learner reads the message; the log gets what the child said (a native panic's text, a signal).
      if (end.detail) log(new Error(`optimizer fit failed: ${end.detail}`));
      await endRun(db, run.id, { status: 'failed', message: end.message }, Date.now());
      return;
    }
    const { result, weights } = end.outcome;
    await db.transaction(async (tx) => {
      // Ending the run first: if it was cancelled meanwhile, nothing is saved.
      if (!(await endRun(tx, run.id, { status: 'done', result }, Date.now()))) return;
      if (weights) await saveFittedWeights(tx, run.userId, weights, Date.now());
    });
  } catch (error) {
    log(error);
    await endRun(
      db,
      run.id,
      { status: 'failed', message: 'The fit failed. Nothing was changed; try again.' },
      Date.now(),
    ).catch(log);
  } finally {
    if (heartbeat) clearInterval(heartbeat);
    // A cancel, a lost heartbeat or the end: the child, if still there, goes now (it writes nothing anywhere).
    fit?.stop();
    await endRunLease(db, run.id).catch(log);
  }
}
