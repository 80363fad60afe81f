// Time from spawning the built server to its first healthy answer: on a new data folder (creates and migrates
// the embedded database) and on an existing one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from '../lib/built-server.mjs';

const RUNS = 3;

async function timeToHealthy(dataDir) {
  const server = await startBuiltServer(dataDir);
  await server.stop();
  return server.msToHealthy;
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
