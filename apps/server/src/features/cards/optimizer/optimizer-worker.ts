// The optimizer's worker thread (issue 14): fits FSRS weights to one learner's log with fsrs-rs, so the fit never
// holds up the server's event loop. It reads the log from `workerData`, answers with messages and writes nothing
// anywhere; the parent asks it to stop on a cancel.
import { parentPort, workerData } from 'node:worker_threads';
import { evaluateOptimization, type OptimizerInput, type OptimizerMessage } from './fit';

const post = (message: OptimizerMessage) => parentPort!.postMessage(message);
// A cancel stops fsrs-rs at its next progress report (its callback answers false), then the worker ends.
let cancelled = false;
parentPort!.on('message', (message: { type: string }) => {
  if (message.type === 'cancel') cancelled = true;
});
// Listening must not keep the worker alive once the fit is over.
parentPort!.unref();

evaluateOptimization(
  workerData as OptimizerInput,
  (phase, progress) => post({ type: 'progress', phase, progress }),
  () => cancelled,
)
  .then((outcome) => post({ type: 'done', outcome }))
  .catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
