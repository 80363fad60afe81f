import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { Db } from '../../src/db/database';
import { runMigrations } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open-database';
import { freePort } from '../../../../scripts/lib/built-server.mjs';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Runs the real server entry point (from source, through tsx) as its own process. */
export async function spawnServer(
  env: Record<string, string | undefined>,
  /** Run as another user (the tests run as root, to whom every folder is writable). */
  user?: { uid: number; gid: number },
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(
    process.execPath,
    // `--import tsx` keeps the server in this one process (the tsx CLI would fork a second one).
    ['--import', 'tsx', path.join(SERVER_ROOT, 'src/server.ts')],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: port },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...user,
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls /api/health until it answers 200; fails if the process exits first. Generous: CI machines get busy. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}: ${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy: ${server.output()}`);
}

/** Kills the server as a crash would (kill -9: no shutdown, no last save), unless it has exited, and waits for its exit. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/**
 * The server processes of a test file: `start` spawns one and waits until it is healthy; after each test, those still
 * running are killed.
 */
export function useServerProcesses() {
  const started: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of started.splice(0)) await killServer(server);
  });
  return {
    async start(env: Record<string, string | undefined>): Promise<ServerProcess> {
      const server = await spawnServer(env);
      started.push(server);
      await waitUntilHealthy(server);
      return server;
    },
  };
}

/**
 * The database a spawned server will open (DATABASE_URL's when set, else PGlite in `dataDir`), migrated and given
 * what `prepare` writes before the server starts (it is closed again, so the server takes the data-folder lock); and
 * the environment that names it to the server.
 */
export async function prepareServerDatabase<T>(
  dataDir: string,
  prepare: (db: Db) => Promise<T>,
): Promise<{ prepared: T; env: Record<string, string> }> {
  const postgres = process.env.DATABASE_URL;
  const database = await openDatabase(postgres ? { kind: 'postgres', url: postgres } : { kind: 'pglite', dataDir });
  try {
    await runMigrations(database);
    const prepared = await prepare(database.db);
    return { prepared, env: { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres } : {}) } };
  } finally {
    await database.close();
  }
}
