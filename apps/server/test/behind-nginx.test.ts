import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/built-server.mjs';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/open-database';
import { chunksOf, message, tokens, untilFirstToken, waitFor } from './support/conversations';
import { startFakeLlm, type FakeLlm } from './support/fake-llm';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { startNginxFront } from '../../../scripts/lib/nginx-front.mjs';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

// deploy/nginx-turtle.conf in front of two server processes on PostgreSQL and Redis, as README.md "Behind a load
// balancer" deploys them (docs/rules.md: several processes, one PostgreSQL, one Redis). Two processes need a database
// both can open, so this file runs on the PostgreSQL pass of CI (`DATABASE_URL` and `REDIS_URL` set), where
// `.ci/run` has installed nginx.
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('two processes behind nginx', () => {
  let fakeLlm: FakeLlm;
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: Awaited<ReturnType<typeof startNginxFront>>;
  let database: Database;

  beforeAll(async () => {
    fakeLlm = await startFakeLlm();
    const ports: [number, number] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      ...fakeLlm.env(),
      PORT: String(port),
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: `turtle-test-${randomUUID()}:`,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    });
    [a, b] = await Promise.all([spawnServer(env(ports[0])), spawnServer(env(ports[1]))]);
    await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
    nginx = await startNginxFront(ports);
    database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const server of [a, b]) {
      server?.child.kill('SIGTERM');
      await server?.exited;
    }
    await database?.close();
    await fakeLlm?.close();
  });

  async function member() {
    const user = await createUser(database.db, { name: 'Behind nginx' });
    return createSessionToken(database.db, user.id);
  }

  const send = (baseUrl: string, cookie: string, content: string) =>
    fetch(`${baseUrl}/api/chat/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: `sid=${cookie}` },
      body: JSON.stringify(message(content)),
    });

  it('serves the API and its sessions from either process', async () => {
    const cookie = await member();
    for (let count = 0; count < 4; count += 1) {
      const health = await call(nginx.url, '/api/health');
      expect(health.status).toBe(200);
    }
    expect((await call(nginx.url, '/api/user/status', { cookie })).data).toMatchObject({ name: 'Behind nginx' });
    // The app's own answers pass unchanged, errors included.
    const unknown = await call(nginx.url, '/api/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
  });

  it('passes each token on as it comes, not when the reply ends', async () => {
    const cookie = await member();
    let letTheRestGo = () => {};
    const rest = new Promise<void>((resolve) => (letTheRestGo = resolve));
    fakeLlm.script = { tokens: tokens(4), hold: { beforeToken: 1, until: rest } };
    const res = await send(nginx.url, cookie, 'One word at a time');
    expect(res.status).toBe(200);
    // The upstream holds its second token until the first has been read through nginx: a buffering proxy would
    // deliver nothing here and this would wait forever.
    const { reader } = await untilFirstToken(res);
    letTheRestGo();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(chunksOf(text).at(-1)?.finish_reason).toBe('stop');
  });

  it('Stop through nginx ends the upstream call within a second and keeps the partial reply', async () => {
    const cookie = await member();
    fakeLlm.script = { tokens: tokens(100), delayMs: 50 };
    const res = await send(nginx.url, cookie, 'Tell me everything');
    const { reader, meta } = await untilFirstToken(res);
    fakeLlm.lastClosedAt = undefined;
    const stoppedAt = Date.now();
    const stop = await call(nginx.url, '/api/chat/stop', { json: { conversationId: meta.conversation.id }, cookie });
    expect(stop.data).toEqual({ ok: true });
    await waitFor(
      async () => fakeLlm.lastClosedAt,
      (closedAt) => closedAt !== undefined,
    );
    // The reply would run 5 s; the stop may have reached the other process, which notices at its next save.
    expect(fakeLlm.lastClosedAt! - stoppedAt).toBeLessThan(1000);
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(chunksOf(text).at(-1)?.finish_reason).toBe('stopped');
  });

  it('Stop sent to the other process still ends the reply within a second', async () => {
    const cookie = await member();
    fakeLlm.script = { tokens: tokens(100), delayMs: 50 };
    const { meta } = await untilFirstToken(await send(a.url, cookie, 'Keep talking'));
    fakeLlm.lastClosedAt = undefined;
    const stoppedAt = Date.now();
    const stop = await call(b.url, '/api/chat/stop', { json: { conversationId: meta.conversation.id }, cookie });
    expect(stop.data).toEqual({ ok: true });
    await waitFor(
      async () => fakeLlm.lastClosedAt,
      (closedAt) => closedAt !== undefined,
    );
    expect(fakeLlm.lastClosedAt! - stoppedAt).toBeLessThan(1000);
  });
});
