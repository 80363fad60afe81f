import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/built-server.mjs';
import { startFakeLlm, type FakeLlm } from './support/fake-llm';
import { call, sessionCookieFrom } from './support/http';
import { killServer, useServerProcesses, type ServerProcess } from './support/server-process';

/**
 * A server killed in the middle of a reply (kill -9: no shutdown, no last save) must not block the person: when it
 * starts again it reclaims the stream slot it held, a kept reply shows as stopped, and no cut reply is charged.
 */

let fake: FakeLlm;
const { start } = useServerProcesses();
let tempDir: string;

beforeAll(async () => {
  fake = await startFakeLlm();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-crash-'));
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** The person's own server: the same port (so the same instance when it starts again) and data. */
async function serverEnv(name: string) {
  return {
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...fake.env(),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: path.join(tempDir, name) }),
  };
}

async function signUp(server: ServerProcess) {
  const signup = await call(server.url, '/api/user/signup', {
    form: { name: 'Crash', email: `crash-${randomUUID()}@example.test`, password: 'secret1' },
  });
  return sessionCookieFrom(signup.headers)!;
}

/** A long reply: 200 tokens 50 ms apart, far from its end when the server is killed. */
const LONG_REPLY = { tokens: Array.from({ length: 200 }, (_, index) => `w${index} `), delayMs: 50 };

/**
 * Reads the stream until the 12th token: the reply has run 600 ms by the server's own pace, past a write of the day's
 * count (at most 250 ms behind on PGlite) and a save of a kept reply (every 400 ms).
 */
async function readWellIntoTheReply(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('"token":"w12 "')) text += decoder.decode((await reader.read()).value, { stream: true });
  return text;
}

async function killAndRestart(server: ServerProcess, env: Record<string, string>) {
  await killServer(server);
  return start(env);
}

const usedToday = async (server: ServerProcess, cookie: string) =>
  ((await call(server.url, '/api/chat/usage', { cookie })).data as { used: number }).used;

it('a reply cut by a crash is stopped and refunded when the server restarts, and the next message goes at once', async () => {
  const env = await serverEnv('kept');
  const first = await start(env);
  const cookie = await signUp(first);
  fake.script = LONG_REPLY;
  const res = await fetch(`${first.url}/api/chat/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: first.url, cookie: `sid=${cookie}` },
    body: JSON.stringify({ message: { content: 'Tell me a long story' } }),
  });
  const text = await readWellIntoTheReply(res);
  const conversationId = /"conversation":\{"id":"([^"]+)"/.exec(text)![1]!;

  const second = await killAndRestart(first, env);
  expect(await usedToday(second, cookie)).toBe(0);
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

// Nothing of these replies is kept, so no message row marks them as being written: the crash must still give them back.
it.each([
  [
    'the tutor',
    '/api/lesson/chat',
    { fullScript: 'One. Two.', currentSentence: 'One.', messages: [{ role: 'user', content: 'Why?' }] },
  ],
  ['the stateless stream', '/api/chat/stream', { messages: [{ role: 'user', content: 'Tell me a long story' }] }],
])(
  'a reply of %s cut by a crash is not charged after the restart',
  async (_name, route, body) => {
    const env = await serverEnv(route.replaceAll('/', '-'));
    const first = await start(env);
    const cookie = await signUp(first);
    fake.script = LONG_REPLY;
    const res = await fetch(`${first.url}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        origin: first.url,
        cookie: `sid=${cookie}`,
      },
      body: JSON.stringify(body),
    });
    await readWellIntoTheReply(res);
    expect(await usedToday(first, cookie)).toBe(1);

    const second = await killAndRestart(first, env);
    expect(await usedToday(second, cookie)).toBe(0);
    fake.script = { tokens: ['ok'] };
    const next = await call(second.url, route, { json: body, cookie, headers: { accept: 'text/event-stream' } });
    expect(next.status).toBe(200);
    expect(next.text).toContain('"finish_reason":"stop"');
    expect(await usedToday(second, cookie)).toBe(1);
  },
  120_000,
);
