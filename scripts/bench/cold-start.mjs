// Time from spawning the built server to its first healthy answer: on a new data folder (creates and migrates
// the embedded database) and on an existing one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE } from '../lib/build-app.mjs';

const RUNS = 3;

function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function timeToHealthy(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchColdStart() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-bench-'));
  try {
    const fresh = [];
    for (let i = 0; i < RUNS; i++) fresh.push(await timeToHealthy(path.join(root, `fresh-${i}`)));
    const existing = [];
    for (let i = 0; i < RUNS; i++) existing.push(await timeToHealthy(path.join(root, 'fresh-0')));
    return { fresh: median(fresh), existing: median(existing), runs: RUNS };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
