import { Worker } from 'node:worker_threads';
import { asc, count, eq } from 'drizzle-orm';
import { default_w } from 'ts-fsrs';
import { STUDY_DAY_STARTS_AT_HOUR, zoneOffsetAt } from '@turtle/shared/cards-day';
import type { Db, DbOrTx } from '../../../db/database';
import { reviewLogs } from '../../../db/schema';
import { getCardSettings, saveFittedWeights } from '../settings.repository';
import type { OptimizerInput, OptimizerMessage } from './fit';
import { studyDayNumber, type LoggedGrade } from './fsrs-items';
import { endRun, touchRun } from './optimizer-runs.repository';

/** How often the parent writes the run's progress and looks for a cancel (any process may have set it). */
const HEARTBEAT_MS = 1_000;
/** How long a cancelled worker may take to stop by itself. */
const STOP_GRACE_MS = 30_000;

export async function countReviews(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ total: count() }).from(reviewLogs).where(eq(reviewLogs.userId, userId));
  return rows[0]?.total ?? 0;
}

async function readGrades(db: Db, userId: string, offsetMs: number): Promise<LoggedGrade[]> {
  const rows = await db
    .select({ cardId: reviewLogs.cardId, rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(asc(reviewLogs.cardId), asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
  return rows.map((row) => ({
    cardId: row.cardId,
    rating: row.rating,
    day: studyDayNumber(row.reviewedAt, offsetMs, STUDY_DAY_STARTS_AT_HOUR),
  }));
}

/**
 * The worker's file beside this one: the bundle's own entry once built; from source (tests, dev), the TypeScript
 * file loaded through tsx's loader, which a worker does not inherit from its parent.
 */
function startWorker(input: OptimizerInput): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./optimizer-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
        { eval: true, workerData: input },
      )
    : new Worker(file, { workerData: input });
  // A run in flight must not keep a stopping server alive; a lost run is seen as failed later.
  worker.unref();
  return worker;
}

/** Asks the worker to stop (fsrs-rs stops at its next progress report); one still busy after a while is ended. */
function stopWorker(worker: Worker) {
  worker.postMessage({ type: 'cancel' });
  const deadline = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
  deadline.unref();
  worker.once('exit', () => clearTimeout(deadline));
}

/**
 * Runs one optimizer run to its end off the request path: reads the log, fits in a worker thread, and, only when the
 * fitted weights did better and the run was not cancelled meanwhile, saves them and the result in one transaction.
 * A failure or a cancel saves nothing but the run's end. Never throws (the caller does not wait for it).
 */
export async function runOptimizer(
  db: Db,
  run: { id: string; userId: string; tz: string },
  log: (error: unknown) => void,
) {
  let worker: Worker | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  try {
    const now = Date.now();
    const [settings, grades] = await Promise.all([
      getCardSettings(db, run.userId),
      readGrades(db, run.userId, zoneOffsetAt(now, run.tz)),
    ]);
    const input: OptimizerInput = { grades, current: settings.weights ?? [...default_w] };
    worker = startWorker(input);
    let latest = { phase: 'Reading your reviews', progress: 0.01 };
    const message = await new Promise<OptimizerMessage | { type: 'cancelled' }>((resolve, reject) => {
      worker!.on('message', (received: OptimizerMessage) => {
        if (received.type === 'progress') latest = { phase: received.phase, progress: received.progress };
        else resolve(received);
      });
      worker!.on('error', reject);
      worker!.on('exit', (code) => reject(new Error(`The optimizer stopped (exit code ${code}).`)));
      heartbeat = setInterval(() => {
        touchRun(db, run.id, latest.phase, latest.progress, Date.now())
          .then((running) => running || resolve({ type: 'cancelled' }))
          .catch(reject);
      }, HEARTBEAT_MS);
    });
    if (message.type === 'cancelled' || message.type === 'progress') return;
    if (message.type === 'failed') {
      await endRun(
        db,
        run.id,
        { status: 'failed', message: `The fit failed: ${message.message} Nothing was changed.` },
        Date.now(),
      );
      return;
    }
    const { result, weights } = message.outcome;
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
    if (worker) stopWorker(worker);
  }
}
