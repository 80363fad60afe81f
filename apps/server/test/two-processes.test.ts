import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_OVERDUE_AFTER_MS, SLOT_STALE_AFTER_MS } from '../src/core/assistant/database-slots';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/open-database';
import { activeStreams } from '../src/db/schema';
import { createSessionToken, createUser } from './support/factories';
import { call, sessionCookieFrom } from './support/http';
import { spawnServer, waitUntilHealthy, type ServerProcess } from './support/server-process';

// Two processes need a database both can open: PostgreSQL. The embedded PGlite is one process by design
// (DATA_DIR is locked), so this file runs on the PostgreSQL pass of CI (`DATABASE_URL` and `REDIS_URL` set).
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'two server processes behind one load balancer',
  () => {
    let a: ServerProcess;
    let b: ServerProcess;
    let database: Database;
    const env = {
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      // This run's own counters, whatever else the Redis holds.
      REDIS_KEY_PREFIX: `turtle-test-${randomUUID()}:`,
      // As behind the load balancer: the client address comes from X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    };

    beforeAll(async () => {
      [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
      await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
      database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
    }, 90_000);

    afterAll(async () => {
      for (const server of [a, b]) {
        server?.child.kill('SIGTERM');
        await server?.exited;
      }
      await database?.close();
    });

    it('share sessions: a session works on both, and a logout on one ends it on the other', async () => {
      const user = await createUser(database.db, { name: 'Shared' });
      const token = await createSessionToken(database.db, user.id);
      expect((await call(a.url, '/api/user/status', { cookie: token })).data).toMatchObject({ id: user.id });
      expect((await call(b.url, '/api/user/status', { cookie: token })).data).toMatchObject({ id: user.id });

      const logout = await call(b.url, '/api/user/logout', { method: 'POST', cookie: token });
      expect(logout.status).toBe(200);
      expect((await call(a.url, '/api/user/status', { cookie: token })).data).toEqual({});
    });

    it('share a login made on one: the session it starts works on the other', async () => {
      const email = `shared-${randomUUID()}@example.test`;
      const signup = await call(a.url, '/api/user/signup', { form: { name: 'Both', email, password: 'secret1' } });
      expect(signup.status).toBe(200);
      const login = await call(b.url, '/api/user/login', { form: { email, password: 'secret1' } });
      const token = sessionCookieFrom(login.headers)!;
      expect((await call(a.url, '/api/user/status', { cookie: token })).data).toMatchObject({ email });
    });

    it('count the login rate limit of one client IP together, in Redis', async () => {
      const headers = { 'x-forwarded-for': '203.0.113.7' };
      const attempt = (url: string) =>
        call(url, '/api/user/login', {
          form: { email: `limited-${randomUUID()}@example.test`, password: 'x' },
          headers,
        });
      for (let count = 1; count <= 10; count += 1) expect((await attempt(count % 2 ? a.url : b.url)).status).toBe(401);
      const eleventh = await attempt(a.url);
      expect(eleventh.status).toBe(429);
      expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it("count one account's failed logins together, so the wait set on one holds on the other", async () => {
      const email = `throttled-${randomUUID()}@example.test`;
      const attempt = (url: string, count: number) =>
        call(url, '/api/user/login', {
          form: { email, password: 'wrong' },
          headers: { 'x-forwarded-for': `203.0.113.${100 + count}` },
        });
      for (let count = 1; count <= 5; count += 1)
        expect((await attempt(count % 2 ? a.url : b.url, count)).status).toBe(401);
      const sixth = await attempt(b.url, 6);
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('retry-after')).toBe('1');
    });

    it('share chat replies: one stream per person across both, and Stop on one ends a reply written by the other', async () => {
      const user = await createUser(database.db, { name: 'Chatty' });
      const token = await createSessionToken(database.db, user.id);
      const { reader, conversationId } = await startLongReply(a.url, token);
      let text = '';
      const decoder = new TextDecoder();

      // The same person cannot start a second reply on the other process meanwhile.
      const second = await call(b.url, '/api/chat/send', {
        json: { message: { content: 'And another thing' } },
        cookie: token,
      });
      expect(second.status).toBe(429);
      // The writer's heartbeat is on time: ask again by when it would be overdue (the reply may end before).
      const retryAfter = Number(second.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(SLOT_OVERDUE_AFTER_MS / 1000);

      const stoppedAt = Date.now();
      expect((await call(b.url, '/api/chat/stop', { json: { conversationId }, cookie: token })).status).toBe(200);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      // A notices at its next save (every 400 ms), not at the end of the reply.
      expect(Date.now() - stoppedAt).toBeLessThan(1500);
      expect(text).toContain('"finish_reason":"stopped"');
      const seen = await call(b.url, `/api/chat/conversations/get?id=${conversationId}`, { cookie: token });
      const reply = (seen.data as { conversation: { messages: { status: string; content: string }[] } }).conversation
        .messages[1]!;
      expect(reply.status).toBe('stopped');
      expect(reply.content).not.toContain('To get real answers');
    });

    it('a crash of the writer blocks the person only as long as Retry-After says; then the other process takes the resend, the cut reply stopped and not charged', async () => {
      const crashing = await spawnServer(env);
      try {
        await waitUntilHealthy(crashing);
        const user = await createUser(database.db, { name: 'Crashed' });
        const token = await createSessionToken(database.db, user.id);
        const { conversationId } = await startLongReply(crashing.url, token);
        crashing.child.kill('SIGKILL');
        await crashing.exited;

        // The dead writer's last heartbeat: from it, when its silence shows (overdue) and when its slot may be taken.
        const [slot] = await database.db.select().from(activeStreams).where(eq(activeStreams.userId, user.id));
        const overdueAt = slot!.heartbeatAt + SLOT_OVERDUE_AFTER_MS;
        const freeAt = slot!.heartbeatAt + SLOT_STALE_AFTER_MS;
        const resend = () =>
          call(b.url, '/api/chat/send', {
            json: { conversationId, message: { content: 'Still there?' } },
            cookie: token,
          });

        // Ask again when told, except once: 2 s before the time a countdown gave, to see that B really refuses then.
        const refusals: { askedAt: number; answeredAt: number; seconds: number }[] = [];
        let early: { askedAt: number; status: number } | undefined;
        let askEarly = false;
        let accepted: Awaited<ReturnType<typeof resend>> | undefined;
        while (!accepted) {
          const askedAt = Date.now();
          const res = await resend();
          if (askEarly) early = { askedAt, status: res.status };
          if (res.status !== 429) {
            accepted = res;
            break;
          }
          const seconds = Number(res.headers.get('retry-after'));
          refusals.push({ askedAt, answeredAt: Date.now(), seconds });
          expect(refusals.length).toBeLessThanOrEqual(4);
          // Only a countdown to the slot's release is longer than the wait for a heartbeat.
          askEarly = early === undefined && seconds > SLOT_OVERDUE_AFTER_MS / 1000;
          await sleep((askEarly ? seconds - 2 : seconds) * 1000);
        }
        // Refused, unless a busy machine sent it once the slot was free after all.
        expect(early).toBeDefined();
        if (early!.askedAt < freeAt) expect(early!.status).toBe(429);
        // Each answer sends the person back no earlier than the answer can change, and at most a second later
        // (Retry-After is whole seconds): while the writer still looked alive, when its silence shows; after that,
        // when B takes the slot. B counted from a moment between the ask and the answer, so the bounds are taken
        // from those two ends and do not depend on how slow the round trip was.
        for (const { askedAt, answeredAt, seconds } of refusals) {
          // An ask sent as the heartbeat became overdue may have been answered either way.
          const overdue = askedAt >= overdueAt || (answeredAt >= overdueAt && answeredAt + seconds * 1000 >= freeAt);
          const changesAt = overdue ? freeAt : overdueAt;
          expect(answeredAt + seconds * 1000).toBeGreaterThanOrEqual(changesAt);
          expect(askedAt + seconds * 1000).toBeLessThanOrEqual(changesAt + 1_000);
        }
        expect(accepted.status).toBe(200);
        expect(accepted.text).toContain('"finish_reason":"stop"');

        const seen = await call(b.url, `/api/chat/conversations/get?id=${conversationId}`, { cookie: token });
        const messages = (seen.data as { conversation: { messages: { role: string; status: string }[] } }).conversation
          .messages;
        expect(messages.map(({ role, status }) => `${role} ${status}`)).toEqual([
          'user complete',
          'assistant stopped',
          'user complete',
          'assistant complete',
        ]);
        expect((await call(b.url, '/api/chat/usage', { cookie: token })).data).toMatchObject({ used: 1 });
      } finally {
        if (crashing.child.exitCode === null) crashing.child.kill('SIGKILL');
        await crashing.exited;
      }
    }, 120_000); // A third process starts, then B waits out the dead one's 30 s: long, but only here, on PostgreSQL.

    it('a note made on one process and retried with its Idempotency-Key on the other is the same note', async () => {
      const user = await createUser(database.db, { name: 'Retrying' });
      const token = await createSessionToken(database.db, user.id);
      const key = randomUUID();
      const create = (url: string) =>
        call(url, '/api/note/save', {
          json: { note: { name: 'Retry', content: 'Saved once.' } },
          cookie: token,
          headers: { 'idempotency-key': key },
        });
      const first = await create(a.url);
      expect(first.status).toBe(200);
      const retry = await create(b.url);
      expect(retry.status).toBe(200);
      expect(retry.data).toEqual(first.data);
      const notes = (await call(b.url, '/api/note/list', { cookie: token })).data as { notes: unknown[] };
      expect(notes.notes).toHaveLength(1);
    });

    it('a chat message sent on one process and retried with its Idempotency-Key on the other replays the first exchange', async () => {
      const user = await createUser(database.db, { name: 'Retrying' });
      const token = await createSessionToken(database.db, user.id);
      const key = randomUUID();
      const send = (url: string) =>
        call(url, '/api/chat/send', {
          json: { message: { content: 'What is an index fund?' } },
          cookie: token,
          headers: { 'idempotency-key': key },
        });
      const first = await send(a.url);
      expect(first.text).toContain('"finish_reason":"stop"');
      const retry = await send(b.url);
      expect(retry.status).toBe(200);
      expect(metaOf(retry.text)).toEqual(metaOf(first.text));
      const list = (await call(b.url, '/api/chat/conversations', { cookie: token })).data as {
        conversations: unknown[];
      };
      expect(list.conversations).toHaveLength(1);
      const seen = await call(b.url, `/api/chat/conversations/get?id=${metaOf(first.text).conversation.id}`, {
        cookie: token,
      });
      expect((seen.data as { conversation: { messages: unknown[] } }).conversation.messages).toHaveLength(2);
      expect((await call(b.url, '/api/chat/usage', { cookie: token })).data).toMatchObject({ used: 1 });
    });
  },
);

/** The `meta` event a chat send starts with. */
function metaOf(text: string): { conversation: { id: string }; assistantMessageId: string } {
  return (JSON.parse(text.split('\n\n')[0]!.slice('data: '.length)) as { meta: ReturnType<typeof metaOf> }).meta;
}

/** Starts a long kept reply (the offline assistant's, at its reading pace) and reads it until its first token. */
async function startLongReply(url: string, token: string) {
  const question = 'Please tell me at length about saving money every month for a long time and why it helps.';
  const res = await fetch(`${url}/api/chat/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie: `sid=${token}` },
    body: JSON.stringify({ message: { content: question } }),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('"token":"')) text += decoder.decode((await reader.read()).value, { stream: true });
  return { reader, conversationId: metaOf(text).conversation.id };
}
