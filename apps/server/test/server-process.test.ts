import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, sessionCookieFrom } from './support/http';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

// The server as a process of its own (signals, exit codes, the data folder's lock), which an app in the test's process
// cannot show. Each test spawns a server (tsx, PGlite): on a busy machine a start alone can take half a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const started: ServerProcess[] = [];
const tempDirs: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-proc-'));
  tempDirs.push(dir);
  return path.join(dir, 'data');
}

async function start(env: Record<string, string | undefined>) {
  const server = await spawnServer(env);
  started.push(server);
  return server;
}

/** The database this run uses: the PostgreSQL of `DATABASE_URL`, or PGlite in a fresh folder. */
function databaseEnv(): Record<string, string | undefined> {
  return process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: tempDataDir() };
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A POST whose body is sent in two parts, so the request is still open when we want it to be. */
function openSlowRequest(url: string) {
  const target = new URL('/api/user/logout', url);
  const body = JSON.stringify({ reason: 'x'.repeat(64) });
  let resolveResponse!: (value: { status: number; body: string }) => void;
  const response = new Promise<{ status: number; body: string }>((resolve) => (resolveResponse = resolve));
  const request = http.request(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: url },
  });
  request.on('response', (res) => {
    let text = '';
    res.on('data', (chunk) => (text += chunk));
    res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, body: text }));
  });
  request.write(body.slice(0, 10));
  return { finish: () => request.end(body.slice(10)), response };
}

/** A GET on a connection of its own (fetch would reuse a kept-alive one). */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM reports unhealthy, finishes the open request, stops accepting, closes the database and exits 0', async () => {
    const server = await start(databaseEnv());
    await waitUntilHealthy(server);
    const slow = openSlowRequest(server.url);
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // While a request is still open, a load balancer's check gets 503 and sends nothing more.
    expect(await getOnNewConnection(`${server.url}/api/health`)).toBe(503);

    slow.finish();
    const answer = await slow.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    await expect(getOnNewConnection(`${server.url}/api/health`)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('on SIGTERM ends an open assistant stream with a last event, aborts its upstream call and exits 0', async () => {
    const server = await start(databaseEnv());
    await waitUntilHealthy(server);
    const email = `stream-${Date.now()}@example.test`;
    const signup = await call(server.url, '/api/user/signup', {
      form: { name: 'Streamer', email, password: 'secret1' },
    });
    const cookie = sessionCookieFrom(signup.headers)!;
    const question = 'Please explain at great length why saving a little every month adds up over many years.';
    const res = await fetch(`${server.url}/api/test/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: `sid=${cookie}` },
      body: JSON.stringify({ messages: [{ role: 'user', content: question }] }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value, { stream: true });

    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toContain('"finish_reason":"error","error":"The server is restarting.');
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    // Cut short: the offline reply would have taken seconds more.
    expect(text).not.toContain('To get real answers');
    expect(await server.exited).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
  });

  it('on SIGINT exits 0 and releases the data folder lock', async () => {
    const dataDir = tempDataDir();
    const server = await start({ DATA_DIR: dataDir });
    await waitUntilHealthy(server);
    expect(fs.existsSync(path.join(dataDir, 'turtle.lock'))).toBe(true);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'turtle.lock'))).toBe(false);
  });
});

describe('start-up failures say one clear line and exit 1', () => {
  it('refuses a second server on the same data folder and leaves the first one working', async () => {
    const dataDir = tempDataDir();
    const first = await start({ DATA_DIR: dataDir });
    await waitUntilHealthy(first);
    const second = await start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `turtle: Another Turtle server (pid ${first.child.pid}) is already using ${dataDir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('takes over a lock whose pid now belongs to another program (a reused pid)', async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      // As the previous version wrote it: the bare pid, now held by a process that is not a Turtle server.
      fs.writeFileSync(path.join(dataDir, 'turtle.lock'), String(other.pid));
      const server = await start({ DATA_DIR: dataDir });
      await waitUntilHealthy(server);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'turtle.lock'), '999999');
    const server = await start({ DATA_DIR: dataDir });
    await waitUntilHealthy(server);
  });

  it('names a bad environment variable', async () => {
    const server = await start({ DATA_DIR: tempDataDir(), PORT: '3000', LOG_LEVEL: 'loud' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'turtle: Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
  });

  it('says when the database cannot be reached', async () => {
    const server = await start({ DATABASE_URL: 'postgres://turtle:secret@127.0.0.1:1/turtle' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'turtle: nothing answers at 127.0.0.1:1 (connection refused): start PostgreSQL there, or correct the host and port in DATABASE_URL.',
    );
  });

  it('says when Redis cannot be reached', async () => {
    const server = await start({ DATA_DIR: tempDataDir(), REDIS_URL: 'redis://:secret@127.0.0.1:1' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('turtle: cannot reach Redis: connect ECONNREFUSED 127.0.0.1:1 (REDIS_URL)');
  });
});
