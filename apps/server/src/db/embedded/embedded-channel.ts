import { Worker } from 'node:worker_threads';
import type { EmbeddedWorkerData, FromWorker, ToWorker } from './embedded-worker';
import { closingReady, errorResponse, restoreError } from './wire';

/**
 * The server's end of the embedded database's thread (embedded-worker.ts): wire-protocol bytes in, the backend's
 * answer out, in order. The thread keeps the process alive only while a batch is waiting for its answer, as a socket
 * to PostgreSQL with a query in flight does.
 */
export class EmbeddedChannel {
  private readonly waiting: ((bytes: Uint8Array) => void)[] = [];
  private closing: ((error?: Error) => void) | undefined;
  /** Why the thread is gone, once it is: every batch is then answered with this error. */
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'result') this.answer(message.bytes);
      else if (message.type === 'closed') this.closing?.(message.error && restoreError(message.error));
    });
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`The embedded database's thread ended (exit code ${code}).`)));
  }

  /** Starts the thread and opens PGlite in it; rejects with PGlite's own error (a locked, full or read-only disk). */
  static async open(data: EmbeddedWorkerData): Promise<EmbeddedChannel> {
    const worker = startWorker(data);
    let onExit = (_code: number) => {};
    let onError = (_error: Error) => {};
    const opened = await new Promise<FromWorker>((resolve, reject) => {
      onError = reject;
      onExit = (code) => reject(new Error(`The embedded database's thread ended (exit code ${code}).`));
      worker.once('message', resolve);
      worker.on('error', onError);
      worker.on('exit', onExit);
    }).finally(() => {
      // Only these: the worker's own listeners (which keep its port referenced) stay.
      worker.off('error', onError);
      worker.off('exit', onExit);
    });
    if (opened.type === 'failed') {
      await worker.terminate();
      throw restoreError(opened.error);
    }
    worker.unref();
    return new EmbeddedChannel(worker);
  }

  /** Sends one batch of client messages; resolves with the backend's answer (an ErrorResponse if it cannot). */
  exec(bytes: Uint8Array): Promise<Uint8Array> {
    if (this.stopped) return Promise.resolve(failure(this.stopped));
    return new Promise((resolve) => {
      if (this.waiting.push(resolve) === 1) this.worker.ref();
      // A copy of just these bytes, handed over: a Buffer is often a view on a larger shared slab.
      const own = new Uint8Array(bytes);
      this.worker.postMessage({ type: 'exec', bytes: own } satisfies ToWorker, [own.buffer]);
    });
  }

  /** Closes PGlite (its files are then consistent on disk) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    this.worker.ref();
    const closed = new Promise<Error | undefined>((resolve) => (this.closing = resolve));
    this.worker.postMessage({ type: 'close' } satisfies ToWorker);
    const error = await closed;
    this.stopped = new Error('The embedded database is closed.');
    await this.worker.terminate();
    if (error) throw error;
  }

  private answer(bytes: Uint8Array) {
    this.waiting.shift()?.(bytes);
    if (this.waiting.length === 0) this.worker.unref();
  }

  /**
   * The thread ended without being closed (it ran out of memory, or PGlite threw where no query could catch it).
   * Every query from now on fails with why, and the error is thrown on the server's own thread: as with any fatal
   * error, the server writes it in one line and ends (server.ts), and its supervisor starts it again.
   */
  private stop(error: Error) {
    if (this.stopped) return;
    this.stopped = error;
    for (const resolve of this.waiting.splice(0)) resolve(failure(error));
    this.closing?.(error);
    if (!this.closing) {
      setImmediate(() => {
        throw error;
      });
    }
  }
}

function failure(error: Error): Uint8Array {
  return Buffer.concat([errorResponse(error), closingReady(undefined)]);
}

/**
 * The worker's file beside this one: the bundle's own entry once built; from source (tests, dev, the bench), the
 * TypeScript file loaded through tsx's loader, which a worker does not inherit from its parent.
 */
function startWorker(workerData: EmbeddedWorkerData): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = new URL(`./embedded-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  return fromSource
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });`,
        { eval: true, workerData },
      )
    : new Worker(file, { workerData });
}
