import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { openDatabase } from '../src/db/open-database';
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

    beforeAll(async () => {
      const env = {
        DATABASE_URL: process.env.DATABASE_URL,
        REDIS_URL: process.env.REDIS_URL,
        // This run's own counters, whatever else the Redis holds.
        REDIS_KEY_PREFIX: `turtle-test-${randomUUID()}:`,
        // As behind the load balancer: the client address comes from X-Forwarded-For.
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
      };
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
      const question = 'Please tell me at length about saving money every month for a long time and why it helps.';
      const res = await fetch(`${a.url}/api/chat/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.url, cookie: `sid=${token}` },
        body: JSON.stringify({ message: { content: question } }),
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('"token":"_')) text += decoder.decode((await reader.read()).value, { stream: true });
      const conversationId = JSON.parse(text.split('\n\n')[0]!.slice('data: '.length)).meta.conversation.id;

      // The same person cannot start a second reply on the other process meanwhile.
      const second = await call(b.url, '/api/chat/send', {
        json: { message: { content: 'And another thing' } },
        cookie: token,
      });
      expect(second.status).toBe(429);

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
  },
);
