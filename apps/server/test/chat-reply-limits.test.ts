import { beforeEach, describe, expect, it } from 'vitest';
import { takeReply, usageDay } from '../src/core/assistant/usage.repository';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// The day's reply limits of each plan (product.md §9), set low here: 2 replies for Free, 3 for Pro.

const ask = (content = 'Hi', extra: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user', content }],
  ...extra,
});

describe('daily reply limits by plan', () => {
  const limited = useTestServer({ fakeLlm: true, env: { CHAT_FREE_DAILY_REPLIES: '2', CHAT_PRO_DAILY_REPLIES: '3' } });
  beforeEach(() => {
    limited.fakeLlm.script = {};
    limited.fakeLlm.requests = [];
  });

  const member = async (overrides: { plan?: number; expireAt?: number } = {}) => {
    const user = await createUser(limited.database.db, { name: 'Member', ...overrides });
    return createSessionToken(limited.database.db, user.id);
  };
  const send = (token: string) => call(limited.url, '/api/chat/stream', { json: ask(), cookie: token });
  const usage = async (token: string) => (await call(limited.url, '/api/chat/usage', { cookie: token })).data;

  it('counts replies and answers 429 with the message and Retry-After past the Free limit', async () => {
    const token = await member();
    expect(await usage(token)).toMatchObject({ used: 0, limit: 2, remaining: 2, plan: 0 });
    expect((await send(token)).status).toBe(200);
    expect((await send(token)).status).toBe(200);
    const third = await send(token);
    expect(third.status).toBe(429);
    expect(third.data).toEqual({
      code: 'rateLimited',
      message: 'Daily message limit reached. Upgrade to Pro for more.',
    });
    const retryAfter = Number(third.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(await usage(token)).toMatchObject({ used: 2, remaining: 0 });
    // The refusal kept nothing: not the stream slot (the next try is refused for the limit again, not as busy).
    expect((await send(token)).data).toMatchObject({
      message: 'Daily message limit reached. Upgrade to Pro for more.',
    });
    expect(await usage(token)).toMatchObject({ used: 2 });
  });

  it('does not count a reply the assistant failed to give', async () => {
    const token = await member();
    limited.fakeLlm.script = { status: 503 };
    expect((await send(token)).text).toContain('"finish_reason":"error"');
    expect(await usage(token)).toMatchObject({ used: 0 });
  });

  it('gives Pro its own limit, and treats an expired Pro as Free', async () => {
    const pro = await member({ plan: 1, expireAt: Date.now() + 86_400_000 });
    expect(await usage(pro)).toMatchObject({ limit: 3, plan: 1 });
    for (let count = 0; count < 3; count += 1) expect((await send(pro)).status).toBe(200);
    expect((await send(pro)).status).toBe(429);
    const expired = await member({ plan: 1, expireAt: Date.now() - 1000 });
    expect(await usage(expired)).toMatchObject({ limit: 2, plan: 0 });
  });

  it('lets requests at once take only the last remaining reply (one statement, so two servers count together)', async () => {
    const user = await createUser(limited.database.db, { name: 'Racer' });
    const { day } = usageDay(Date.now());
    expect(await takeReply(limited.database.db, user.id, day, 2)).toBe(1);
    const results: (number | undefined)[] = await Promise.all(
      [1, 2, 3].map(() => takeReply(limited.database.db, user.id, day, 2)),
    );
    expect(results.filter((result) => result !== undefined)).toEqual([2]);
  });

  it('allows one stream at a time per person, and frees it when the first is aborted', async () => {
    const token = await member();
    limited.fakeLlm.script = { tokens: Array.from({ length: 40 }, (_, index) => `t${index} `), delayMs: 50 };
    const controller = new AbortController();
    const first = await fetch(`${limited.url}/api/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: limited.url, cookie: `sid=${token}` },
      body: JSON.stringify(ask()),
      signal: controller.signal,
    });
    await first.body!.getReader().read();
    const second = await send(token);
    expect(second.status).toBe(429);
    expect((second.data as { message: string }).message).toBe(
      'A reply is already being written. Wait for it to finish or stop it first.',
    );
    controller.abort();
    limited.fakeLlm.script = { tokens: ['ok'] };
    const deadline = Date.now() + 2000;
    let after = await send(token);
    while (after.status === 429 && Date.now() < deadline) after = await send(token);
    expect(after.status).toBe(200);
  });
});
