import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SERVER_NODE_FLAGS } from '../../../scripts/lib/build-app.mjs';
import { freePort } from '../../../scripts/lib/built-server.mjs';

// Decision 017 and the README's production start: `npm start` runs the server as npm's one child, SIGTERM to npm's
// pid (what a supervisor sends) stops it cleanly, and the logs are JSON lines when not on a terminal.

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let dir: string;
/** Processes a failed test may leave behind: killed after each test. */
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0).flatMap((root) => [...descendants(root), root])) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

beforeAll(async () => {
  await buildApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-npm-start-'));
}, 180_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const childrenOf = (pid: number): number[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const descendants = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);
const commandOf = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.runIf(fs.existsSync('/proc/self/task'))('npm start', () => {
  it('runs the server as npm\u2019s only child process, and SIGTERM to npm stops it, frees the port and the lock', async () => {
    const port = await freePort();
    const dataDir = path.join(dir, 'data');
    const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), HOST: '127.0.0.1' };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    env.DATA_DIR = dataDir;
    const npm = spawn('npm', ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    const npmExited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    leftovers.push(npm.pid!);

    const deadline = Date.now() + 120_000;
    while (!output.includes('Turtle is ready at') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(output).toContain(`Turtle is ready at http://127.0.0.1:${port}`);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    // npm → node, nothing in between (no shell left waiting) and nothing below (no second Node process).
    const [server, ...others] = childrenOf(npm.pid!);
    expect(others).toEqual([]);
    // With the server's Node flags (the ones the tests and benchmarks use too).
    expect(commandOf(server!)).toEqual([
      expect.stringMatching(/(^|\/)node$/),
      ...SERVER_NODE_FLAGS,
      'scripts/start.mjs',
    ]);
    expect(childrenOf(server!)).toEqual([]);
    // Not on a terminal: one JSON object a line.
    const readyLine = output.split('\n').find((line) => line.includes('Turtle is ready at'))!;
    expect(JSON.parse(readyLine)).toMatchObject({ level: 30, msg: `Turtle is ready at http://127.0.0.1:${port}` });

    npm.kill('SIGTERM');
    expect(await npmExited).toBe(0);
    const stoppedBy = Date.now() + 10_000;
    while ((await accepts(port)) && Date.now() < stoppedBy) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await accepts(port)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'turtle.lock'))).toBe(false);
    expect(output).toContain('"msg":"stopped"');
  }, 180_000);

  it('prints readable lines, not JSON, on a terminal', async () => {
    const port = await freePort();
    const env = { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'tty') };
    // `script` gives the server a pseudo-terminal as its stdout.
    const shell = spawn('script', ['-qfec', 'node scripts/start.mjs', '/dev/null'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    shell.stdout.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) => shell.on('exit', resolve));
    leftovers.push(shell.pid!);
    const deadline = Date.now() + 120_000;
    while (!output.includes('Turtle is ready at') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // eslint-disable-next-line no-control-regex
    const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
    const readyLine = plain.split(/\r?\n/).find((line) => line.includes('Turtle is ready at'))!;
    expect(readyLine).toMatch(
      new RegExp(`^\\[?\\d\\d:\\d\\d:\\d\\d\\]? INFO: Turtle is ready at http://127\\.0\\.0\\.1:${port}`),
    );
    expect(plain).not.toContain('{"level"');
    const server = descendants(shell.pid!).find((pid) => commandOf(pid).includes('scripts/start.mjs'));
    if (server) process.kill(server, 'SIGTERM');
    await exited;
  }, 180_000);
});
