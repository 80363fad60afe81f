import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect } from 'vitest';

/**
 * A package sent from a process of its own while another polls `/api/health`, so that the answer's time and the
 * longest the server kept its health check waiting are the server's alone (docs/decisions/034-import-budget.md).
 */

/**
 * Asks `/api/health` every 10 ms, from a process of its own (the test's own pauses do not count), until told to
 * stop; then prints the longest wait for an answer.
 */
const POLLER = `
  const http = require('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let worst = 0, polls = 0, stopping = false;
  process.stdin.on('data', () => (stopping = true));
  const poll = () => {
    const started = performance.now();
    http.get(process.argv[1], { agent }, (response) => {
      response.resume();
      response.on('end', () => {
        worst = Math.max(worst, response.statusCode === 200 ? performance.now() - started : Infinity);
        polls++;
        if (!stopping) return setTimeout(poll, 10);
        process.stdout.write(JSON.stringify({ worst, polls }));
        process.exit(0);
      });
    });
  };
  poll();
`;

/** Sends a file as the body of a POST from a process of its own; prints the status, the answer and the time taken. */
const UPLOADER = `
  const fs = require('node:fs');
  const [url, file, cookie] = process.argv.slice(1);
  const body = fs.readFileSync(file);
  const started = performance.now();
  fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/octet-stream', cookie: 'sid=' + cookie, origin: new URL(url).origin },
  })
    .then(async (response) => {
      const text = await response.text();
      process.stdout.write(JSON.stringify({ status: response.status, text, ms: performance.now() - started }));
    });
`;

function runScript(script: string, args: string[]) {
  const child = spawn(process.execPath, ['-e', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const done = new Promise<string>((resolve) => child.on('exit', () => resolve(output)));
  return { child, done };
}

/** The test's own garbage (packages of tens of megabytes) collected before a timed import, not during it. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * A package sent to `path` by another process while a third polls `/api/health`: the answer, how long it took, and
 * the longest the health check waited meanwhile. Only the server runs in this process.
 */
export async function sendPolled(serverUrl: string, bytes: Uint8Array, path: string, cookie: string) {
  const dir = fs.mkdtempSync(join(os.tmpdir(), 'turtle-apkg-'));
  const file = join(dir, 'package.apkg');
  fs.writeFileSync(file, bytes);
  collectGarbage();
  const poller = runScript(POLLER, [`${serverUrl}/api/health`]);
  try {
    // Polling already before the package is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = JSON.parse(await runScript(UPLOADER, [serverUrl + path, file, cookie]).done) as {
      status: number;
      text: string;
      ms: number;
    };
    poller.child.stdin.write('stop');
    const { worst, polls } = JSON.parse(await poller.done) as { worst: number; polls: number };
    expect(polls).toBeGreaterThan(1);
    return { status: sent.status, data: JSON.parse(sent.text) as unknown, ms: sent.ms, worstHealthMs: worst };
  } finally {
    poller.child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
