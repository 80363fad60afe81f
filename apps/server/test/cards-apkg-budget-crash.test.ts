import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireDataDirLock, describeProcess } from '../src/db/data-dir-lock';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

/**
 * Decision 034: a fatal error is visible and survivable. The server process dies of an uncaught exception or an
 * unhandled rejection with one error line naming the cause as its last words, and a restart on the same data
 * folder (what `deploy/turtle.service` does) gets in at once, whether the lock was given back or left by a process
 * that is gone.
 */

// Each test spawns servers (tsx, PGlite): on a busy machine one start can take half a minute.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const started: ServerProcess[] = [];
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-crash-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The test's way to make the server crash, never the product's: a module preloaded into the spawned process only
 * (NODE_OPTIONS), which throws, or rejects a promise, when the process gets SIGUSR2.
 */
function crashOnSignal(): string {
  const file = path.join(tempDir(), 'crash-on-sigusr2.mjs');
  fs.writeFileSync(
    file,
    `process.on('SIGUSR2', () => {
      if (process.env.TEST_CRASH === 'rejection') void Promise.reject(new Error('test rejection on SIGUSR2'));
      else setImmediate(() => { throw new Error('test crash on SIGUSR2'); });
    });\n`,
  );
  return file;
}

async function start(env: Record<string, string | undefined>) {
  const server = await spawnServer(env);
  started.push(server);
  await waitUntilHealthy(server);
  return server;
}

type LogLine = { level: number; msg: string; err?: { message: string } };

/**
 * The error lines (level 50 and up) of a server's output. Work that was running when it crashed (the search index's
 * background pass over rows other tests wrote straight to a shared database) may still log an info line after the
 * fatal one, while the log is flushed: the claim is one error line, not the last line.
 */
const errorLines = (output: string): LogLine[] =>
  output
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.level >= 50);

/** A second server on the same data folder: how long it took to answer its health check. */
async function restartTime(dataDir: string): Promise<number> {
  const startedAt = Date.now();
  const again = await start({ DATA_DIR: dataDir });
  expect(again.output()).not.toContain('already using');
  return Date.now() - startedAt;
}

describe('a fatal error in the server process', () => {
  for (const [kind, what, cause] of [
    ['exception', 'an uncaught exception', 'Uncaught exception: test crash on SIGUSR2. The server stops.'],
    [
      'rejection',
      'an unhandled rejection',
      'Unhandled promise rejection: test rejection on SIGUSR2. The server stops.',
    ],
  ] as const) {
    it(`${what} ends it with one error line naming the cause, and a restart gets in at once`, async () => {
      const dataDir = path.join(tempDir(), 'data');
      const firstStart = Date.now();
      const server = await start({ DATA_DIR: dataDir, NODE_OPTIONS: `--import=${crashOnSignal()}`, TEST_CRASH: kind });
      const firstStartMs = Date.now() - firstStart;
      server.child.kill('SIGUSR2');
      expect(await server.exited).toBe(1);
      const errors = errorLines(server.output());
      expect(errors).toHaveLength(1);
      const line = errors[0]!;
      expect(line.level).toBe(60);
      expect(line.msg).toBe(cause);
      expect(line.err?.message).toMatch(/on SIGUSR2/);
      // The lock was given back on the way out.
      expect(fs.existsSync(path.join(dataDir, 'turtle.lock'))).toBe(false);
      // No waiting for the old lock: about as long as any start.
      expect(await restartTime(dataDir)).toBeLessThan(firstStartMs + 15_000);
    });
  }

  it('killed outright (its lock left behind by a process that is gone), a restart takes the lock over at once', async () => {
    const dataDir = path.join(tempDir(), 'data');
    const server = await start({ DATA_DIR: dataDir });
    server.child.kill('SIGKILL');
    await server.exited;
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'turtle.lock'), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(server.child.pid);
    await restartTime(dataDir);
  });
});

describe('the data folder lock after a crash', () => {
  it('is taken over from a process that has ended but is not reaped yet (a zombie still answers kill 0)', async () => {
    // The forked child ends at once and its parent never waits for it: a zombie for 30 s. (Not `sh -c 'sleep 0 &
    // exec sleep 30'`: the shell reaped a child that ended before its exec, and the test read a /proc entry gone.)
    const parent = spawn('perl', ['-e', '$| = 1; my $pid = fork(); exit 0 unless $pid; print "$pid\n"; sleep 30'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once('data', (data) => resolve(String(data)))),
      );
      const stateOf = () => {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      };
      for (let tries = 0; stateOf() !== 'Z' && tries < 100; tries++) await new Promise((r) => setTimeout(r, 20));
      expect(stateOf()).toBe('Z');
      const dataDir = tempDir();
      fs.writeFileSync(path.join(dataDir, 'turtle.lock'), JSON.stringify(describeProcess(pid)));
      const release = acquireDataDirLock(dataDir);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'turtle.lock'), 'utf8'))).toMatchObject({
        pid: process.pid,
      });
      release();
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
