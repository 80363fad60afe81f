// The embedded database's own thread: PGlite runs here, so its queries (which run without yielding) never hold up
// the server's event loop. It speaks PostgreSQL's wire protocol with the server's node-postgres pool, one message
// batch at a time, in the order they come (embedded-channel.ts, docs/decisions/035-embedded-database-thread.md).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { carryError, closingReady, errorResponse, SYNC, type CarriedError } from './wire';

export interface EmbeddedWorkerData {
  /** PGlite's folder, or `memory://`. */
  dataDir: string;
  postgresqlconf: string[];
  /**
   * A dump of a data folder (PGlite's `dumpDataDir`) to start an in-memory database from instead of making a new
   * one: the tests start each of theirs from one migrated copy (test/support/pglite-template.ts), which skips
   * PGlite's initdb, the longest part of opening.
   */
  startFrom?: string;
  /** Where to write such a dump when the database closes (the tests' template). */
  dumpOnClose?: string;
}

export type ToWorker = { type: 'exec'; bytes: Uint8Array } | { type: 'close' };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: CarriedError }
  | { type: 'result'; bytes: Uint8Array }
  | { type: 'closed'; error?: CarriedError };

const require = createRequire(import.meta.url);
const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);
const { dataDir, postgresqlconf, startFrom, dumpOnClose } = workerData as EmbeddedWorkerData;

/**
 * One batch of client messages, answered with the backend's. A throw from PGlite itself (its file system on a full
 * disk, a WebAssembly abort) becomes an ErrorResponse, and a Sync ends whatever the batch left half done, so the
 * client's query fails with that error and its connection goes on.
 */
async function exec(pglite: PGlite, bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await pglite.execProtocolRaw(bytes);
  } catch (error) {
    let afterSync: Uint8Array | undefined;
    try {
      afterSync = await pglite.execProtocolRaw(SYNC);
    } catch {
      // Still failing: the client gets an idle ReadyForQuery, and its next query meets the failure again.
    }
    return Buffer.concat([errorResponse(error), closingReady(afterSync)]);
  }
}

/**
 * PGlite's WebAssembly compiled by V8's baseline compiler (Liftoff) only. V8 otherwise compiles the functions it finds
 * hot again, optimised, in the background: that held about 70 MB more for good and, measured on our queries, cost
 * more CPU than it saved (docs/decisions/035-embedded-database-thread.md). The flag is V8's, for the whole process,
 * so it is set only while PGlite's module is compiled, and the module keeps what it was compiled with.
 */
async function openWithBaselineCode(): Promise<PGlite> {
  v8.setFlagsFromString('--liftoff-only');
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    // pg_trgm: the index's trigram fallback for scripts without word breaks (docs/decisions/044-cards-in-the-index.md);
    // PostgreSQL has it in its contrib package. The migration creates the extension.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // vector: pgvector, for semantic search when EMBEDDING_MODEL is set (docs/decisions/048-semantic-search.md),
    // which creates the extension at start; loaded always (50 kB), unused until then.
    const { vector } = await import('@electric-sql/pglite-pgvector');
    const copy = startFrom ?? newDatabaseCopy();
    const loadDataDir = copy ? new Blob([fs.readFileSync(copy)]) : undefined;
    return await PGlite.create(dataDir, { postgresqlconf, extensions: { pg_trgm, vector }, loadDataDir });
  } finally {
    v8.setFlagsFromString('--no-liftoff-only');
  }
}

/**
 * For a new data folder on disk, the new database the build made beside the bundle (scripts/lib/build-app.mjs), when
 * it was made by this PGlite: copying it in skips initdb and its peak of some 700 MB. From source there is none, and
 * PGlite makes the database itself, as it does for a server without the copy.
 */
function newDatabaseCopy(): string | undefined {
  if (dataDir.startsWith('memory://') || fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const copy = fileURLToPath(new URL('./new-database.tar.gz', import.meta.url));
  try {
    const made = JSON.parse(fs.readFileSync(copy.replace(/\.tar\.gz$/, '.json'), 'utf8')) as { pglite?: string };
    const pglitePackage = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json');
    const running = (JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version;
    return made.pglite === running && fs.existsSync(copy) ? copy : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Making a new database (PGlite's initdb) leaves some 350 MB of buffers behind, unreachable; an idle thread would
 * hold them until its next garbage collection, which may be never. One full collection gives them back.
 */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
}

async function dumpAndClose(pglite: PGlite): Promise<void> {
  if (dumpOnClose) {
    const dump = await pglite.dumpDataDir('none');
    fs.writeFileSync(dumpOnClose, Buffer.from(await dump.arrayBuffer()));
  }
  await pglite.close();
}

async function serve() {
  const isNew = !startFrom && (dataDir.startsWith('memory://') || !fs.existsSync(path.join(dataDir, 'PG_VERSION')));
  let pglite: PGlite;
  try {
    pglite = await openWithBaselineCode();
    // Once this turn is over: until then the set-up's buffers are still reachable from it.
    if (isNew) setTimeout(collectGarbage, 0);
  } catch (error) {
    post({ type: 'failed', error: carryError(error) });
    port.close();
    return;
  }
  let turn = Promise.resolve();
  port.on('message', (message: ToWorker) => {
    turn = turn.then(async () => {
      if (message.type === 'close') {
        const error = await dumpAndClose(pglite).then(
          () => undefined,
          (failure: unknown) => carryError(failure),
        );
        post({ type: 'closed', error });
        port.close();
        return;
      }
      post({ type: 'result', bytes: await exec(pglite, message.bytes) });
    });
  });
  post({ type: 'ready' });
}

void serve();
