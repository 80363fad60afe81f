import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
