// The optimizer's worker thread (issue 14): fits FSRS weights to one learner's log with fsrs-rs, so the fit never
// holds up the server's event loop. It reads the log from `workerData` and answers with messages; the parent may
// terminate it at any time (cancel), and it writes nothing anywhere.
import { parentPort, workerData } from 'node:worker_threads';
import { evaluateOptimization, type OptimizerInput, type OptimizerMessage } from './fit';

const post = (message: OptimizerMessage) => parentPort!.postMessage(message);

evaluateOptimization(workerData as OptimizerInput, (phase, progress) => post({ type: 'progress', phase, progress }))
  .then((outcome) => post({ type: 'done', outcome }))
  .catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
