import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

// Each test spawns a server (tsx, PGlite): on a busy machine a start alone can take half a minute.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// Decision 017: SIGTERM drains, which only a real process shows. Every request already received is answered, new
// requests on open connections are answered with `Connection: close`, and the process exits 0 without waiting on
// idle keep-alive connections.

const started: ServerProcess[] = [];
const tempDirs: string[] = [];

async function start(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-drain-'));
  tempDirs.push(dir);
  const database = process.env.DATABASE_URL
    ? { DATABASE_URL: process.env.DATABASE_URL }
    : { DATA_DIR: path.join(dir, 'data') };
  const server = await spawnServer({ ...database, TRUST_PROXY: 'true', LOG_LEVEL: 'warn', ...env });
  started.push(server);
  await waitUntilHealthy(server);
  return server;
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request through `agent`; rejects on a reset or a hang-up, which is what a drain must never cause. */
function send(
  url: string,
  agent: http.Agent,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const signupBody = (index: number) =>
  new URLSearchParams({
    name: 'Burst',
    email: `burst-${index}-${Date.now()}@example.test`,
    password: 'secret1',
  }).toString();

describe('SIGTERM drains instead of dropping requests', () => {
  it.each([80, 250, 500])(
    'answers all of a burst of 50 signups when SIGTERM comes %i ms after it',
    async (delayMs) => {
      // Fifty password hashes on a loaded machine can outlast the default 10 s deadline, which would be a slow
      // machine, not a dropped request: this test gives the drain room and checks only that nothing is dropped.
      const server = await start({ SHUTDOWN_TIMEOUT_MS: '60000' });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
      const burst = Array.from({ length: 50 }, (_, index) =>
        send(`${server.url}/api/user/signup`, agent, {
          method: 'POST',
          body: signupBody(index),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: server.url,
            'x-forwarded-for': `10.50.${delayMs % 250}.${index + 1}`,
          },
        }).catch((error: Error) => error),
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      server.child.kill('SIGTERM');
      const answers = await Promise.all(burst);
      const failures = answers.filter((answer) => answer instanceof Error || answer.status !== 200);
      expect(failures).toEqual([]);
      expect(await server.exited).toBe(0);
      agent.destroy();
    },
    60_000,
  );

  it('answers a request sent on an idle keep-alive connection after SIGTERM, with Connection: close', async () => {
    const server = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(`${server.url}/api/user/status`, agent)).connection).toBe('keep-alive');
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await send(`${server.url}/api/user/status`, agent);
    expect(during).toMatchObject({ status: 200, connection: 'close' });
    expect(await server.exited).toBe(0);
    agent.destroy();
  });

  it('exits 0 at once when a keep-alive client stays connected after its answer', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '10000' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A request in flight at SIGTERM: its connection would otherwise stay open after the answer.
    const body = JSON.stringify({ reason: 'x'.repeat(64) });
    const slow = http.request(`${server.url}/api/user/logout`, {
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: server.url },
    });
    const answer = new Promise<Answer>((resolve, reject) => {
      slow.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: '' }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    slow.end(body.slice(10));
    expect(await answer).toMatchObject({ status: 200, connection: 'close' });
    expect(await server.exited).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    agent.destroy();
  });

  it('answers a client that connected before SIGTERM but was slow to send its request', async () => {
    const server = await start();
    const { port } = new URL(server.url);
    // Connected, then quiet for longer than the drain's quiet period (a client the machine's load slowed down).
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const closed = new Promise<Error | undefined>((resolve) => {
      socket.once('error', resolve);
      socket.once('close', () => resolve(undefined));
    });
    server.child.kill('SIGTERM');
    // The drain has begun (health says so), and then stays quiet for four times its quiet period.
    const agent = new http.Agent({ keepAlive: false });
    await expect.poll(async () => (await send(`${server.url}/api/health`, agent)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    socket.write('GET /api/user/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await closed).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(await server.exited).toBe(0);
  });

  it('exits 0 soon when a client connected but never sends a request (a browser preconnect)', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '10000' });
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => {});
    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    // Node's closeIdleConnections leaves a connection that never carried a request, and closing the app waits for it.
    expect(await server.exited).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    await closed;
  });

  it('reports unhealthy while it drains', async () => {
    const server = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await send(`${server.url}/api/health`, agent)).status).toBe(200);
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await send(`${server.url}/api/health`, agent);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ code: 'unavailable', message: 'Turtle is shutting down.' });
    expect(await server.exited).toBe(0);
    agent.destroy();
  });
});
