import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/built-server.mjs';
import { startFakeLlm, type FakeLlm } from './support/fake-llm';
import { call, sessionCookieFrom } from './support/http';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

/**
 * A server killed in the middle of a reply (kill -9: no shutdown, no last save) must not block the person: when it
 * starts again it reclaims the stream slot it held, the reply shows as stopped, and it is not charged.
 */

let fake: FakeLlm;
const started: ServerProcess[] = [];
let tempDir: string;

beforeAll(async () => {
  fake = await startFakeLlm();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-crash-'));
});
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = await spawnServer(env);
  started.push(server);
  await waitUntilHealthy(server);
  return server;
}

it('a reply cut by a crash is stopped and refunded when the server restarts, and the next message goes at once', async () => {
  const env = {
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...fake.env(),
    ...(process.env.DATABASE_URL
      ? { DATABASE_URL: process.env.DATABASE_URL }
      : { DATA_DIR: path.join(tempDir, 'data') }),
  };
  const first = await start(env);
  const signup = await call(first.url, '/api/user/signup', {
    form: { name: 'Crash', email: `crash-${Date.now()}@example.test`, password: 'secret1' },
  });
  const cookie = sessionCookieFrom(signup.headers)!;
  fake.script = { tokens: Array.from({ length: 200 }, (_, index) => `w${index} `), delayMs: 50 };
  const res = await fetch(`${first.url}/api/chat/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: first.url, cookie: `sid=${cookie}` },
    body: JSON.stringify({ message: { content: 'Tell me a long story' } }),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('"token":"w1 "')) text += decoder.decode((await reader.read()).value, { stream: true });
  const conversationId = /"conversation":\{"id":"([^"]+)"/.exec(text)![1]!;
  // Let one save of the reply in progress happen.
  await new Promise((resolve) => setTimeout(resolve, 500));
  first.child.kill('SIGKILL');
  await first.exited;

  const second = await start(env);
  const usage = await call(second.url, '/api/chat/usage', { cookie });
  expect(usage.data).toMatchObject({ used: 0 });
  const conversation = await call(second.url, `/api/chat/conversations/get?id=${conversationId}`, { cookie });
  const reply = (conversation.data as { conversation: { messages: { status: string; content: string }[] } })
    .conversation.messages[1]!;
  expect(reply.status).toBe('stopped');
  expect(reply.content.startsWith('w0 ')).toBe(true);
  fake.script = { tokens: ['ok'] };
  const next = await call(second.url, '/api/chat/send', {
    json: { conversationId, message: { content: 'Again?' } },
    cookie,
  });
  expect(next.status).toBe(200);
  expect(next.text).toContain('"finish_reason":"stop"');
  // Two server processes start one after the other: slow on a busy machine; nothing here is a speed goal.
}, 120_000);
