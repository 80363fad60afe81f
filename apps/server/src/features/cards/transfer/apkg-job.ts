import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../../lib/http-error';
import type { SchedulerSettings } from '../review/scheduler';
import { APKG_BUDGET, budgetMessages, refused, type ApkgBudget } from './apkg-budget';
import type { ApkgWorkerContext, ApkgWorkerInput, ApkgWorkerMessage } from './apkg-worker';

/**
 * Runs one Anki package through a worker thread of its own (apkg-worker.ts), within the budget
 * (docs/decisions/034-import-budget.md): a heap limit (`resourceLimits`: past it the worker is stopped, not the
 * server), a deadline (past it the worker is terminated), and one package read at a time per process (others wait
 * their turn, a few at most). A fresh worker per package: the memory sql.js took (WebAssembly memory never shrinks)
 * goes back when it ends.
 */

let budget: ApkgBudget = APKG_BUDGET;

/** Tests only: a budget a test can reach (a small heap, a short deadline). Returns what puts the real one back. */
export function useApkgBudgetForTests(overrides: Partial<ApkgBudget>): () => void {
  budget = { ...APKG_BUDGET, ...overrides };
  return () => {
    budget = APKG_BUDGET;
  };
}

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(limits: ApkgBudget): Promise<void> {
  if (running < limits.concurrent) {
    running++;
    return;
  }
  if (waiting.length >= limits.queued) {
    throw new HttpError(503, 'unavailable', 'Turtle is busy reading other Anki packages. Try again in a minute.');
  }
  // The turn is handed over by `endTurn`: `running` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * The worker's file beside this one: the bundle's own entry once built; from source (tests, dev), the TypeScript
 * file loaded through tsx's loader, which a worker does not inherit from its parent.
 */
function startWorker(input: ApkgWorkerInput, limits: ApkgBudget): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./apkg-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  const options = {
    workerData: input,
    // The package's bytes are handed over rather than copied when they are a buffer of their own (a request body of
    // more than a few KB is); the caller does not read them again.
    transferList: ownBuffer(input.bytes) ? [input.bytes.buffer] : [],
    resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, stackSizeMb: 4 },
  };
  const worker = fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
        { ...options, eval: true },
      )
    : new Worker(file, options);
  // An import in flight must not keep a stopping server alive.
  worker.unref();
  return worker;
}

const ownBuffer = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer &&
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength &&
  bytes.byteLength > Buffer.poolSize;

export type ApkgJobResult = Extract<ApkgWorkerMessage, { type: 'planned' }>;

/**
 * Reads, plans and (with `replay`) replays one package in a worker. `lookup` answers the worker's one question
 * about the database: which of these guids are the person's notes, and what their decks are called.
 */
export async function runApkgJob(options: {
  bytes: Uint8Array;
  replay: SchedulerSettings | null;
  zone: string;
  lookup: (guids: string[]) => Promise<ApkgWorkerContext>;
  log: FastifyBaseLogger;
}): Promise<ApkgJobResult> {
  const limits = budget;
  await takeTurn(limits);
  let worker: Worker | undefined;
  try {
    return await new Promise<ApkgJobResult>((resolve, reject) => {
      const started = Date.now();
      worker = startWorker(
        { bytes: options.bytes, budget: limits, replay: options.replay, zone: options.zone },
        limits,
      );
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        outcome();
      };
      const deadline = setTimeout(() => {
        options.log.error(
          { limitMs: limits.workerMs },
          'Anki import: the package was still being read at the time limit; its worker was stopped and the package refused',
        );
        settle(() => reject(refused(budgetMessages.time(limits))));
      }, limits.workerMs);
      worker.on('message', (message: ApkgWorkerMessage) => {
        if (message.type === 'read') {
          options.lookup(message.guids).then(
            (context) => worker!.postMessage(context),
            (error: unknown) => settle(() => reject(error)),
          );
        } else if (message.type === 'planned') {
          options.log.info({ ms: Date.now() - started, cards: message.summary.cards }, 'Anki import: package read');
          settle(() => resolve(message));
        } else if (message.type === 'refused') {
          settle(() => reject(new HttpError(message.status, message.code, message.message)));
        } else {
          // A package our reading did not foresee (or a fault of ours): logged, and refused rather than a 500.
          options.log.error({ reason: message.message }, 'Anki import: reading the package failed');
          settle(() =>
            reject(refused('The package could not be read (its notes or review history are not as Anki writes them).')),
          );
        }
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          options.log.error(
            { limitMb: limits.workerHeapMb },
            'Anki import: the worker reached its memory limit and was stopped; the package was refused',
          );
          settle(() => reject(refused(budgetMessages.memory(limits))));
        } else {
          options.log.error({ err: error }, 'Anki import: the worker failed');
          settle(() => reject(error));
        }
      });
      worker.on('exit', (code) => {
        settle(() => reject(new Error(`The Anki import's worker stopped before it answered (exit code ${code}).`)));
      });
    });
  } finally {
    // The next package waits until this worker's memory is given back.
    await worker?.terminate();
    endTurn();
  }
}
