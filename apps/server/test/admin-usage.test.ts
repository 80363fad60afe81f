import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUsageResponse } from '@turtle/shared/admin';
import { DAY_MS } from '@turtle/shared/constants';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { replyUsage, replyUsageDays } from '../src/core/assistant/assistant.tables';
import { FAKE_MODEL } from './support/fake-llm';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md "Usage and cost".
const OTHER_MODEL = 'qwen2.5:7b';
const server = useTestServer({ fakeLlm: { models: [OTHER_MODEL] }, env: { MODEL_PRICES: `${FAKE_MODEL}=2/8` } });
let admin: string;

const person = async (name: string, plan = 0) => {
  const user = await createUser(server.database.db, {
    name,
    email: `${name.toLowerCase()}-${randomUUID()}@example.test`,
    plan,
    expireAt: plan ? Date.now() + 30 * DAY_MS : -1,
  });
  return { ...user, cookie: await createSessionToken(server.database.db, user.id) };
};
const ask = (cookie: string, content: string, model?: string) =>
  call(server.url, '/api/chat/stream', { json: { messages: [{ role: 'user', content }], model }, cookie });
const usage = async (query = '') =>
  (await call(server.url, `/api/admin/usage${query}`, { cookie: admin })).data as AdminUsageResponse;

beforeAll(async () => {
  const user = await createUser(server.database.db, {
    name: 'Ada Admin',
    email: `ada-${randomUUID()}@example.test`,
    role: ROLE_ADMINISTRATOR,
  });
  admin = await createSessionToken(server.database.db, user.id);
});

describe('usage and cost', () => {
  it('asks the upstream for its counts and keeps them, or estimates them when it gives none; prices the priced', async () => {
    // Sums kept before, then deleted: their model is no longer one of the period's (nor unpriced).
    const before = await person('Gone');
    await server.database.db.insert(replyUsageDays).values({
      day: new Date().toISOString().slice(0, 10),
      userId: before.id,
      model: 'deleted-model',
      plan: 0,
      replies: 2,
      promptTokens: 10,
      completionTokens: 10,
      estimated: 0,
    });
    await server.database.db.delete(replyUsage);
    await server.database.db.delete(replyUsageDays);
    const free = await person('Fran');
    const pro = await person('Pia', 1);

    server.fakeLlm.script = { tokens: ['Hello', ' there'], usage: { prompt_tokens: 1200, completion_tokens: 300 } };
    expect((await ask(free.cookie, 'First question')).status).toBe(200);
    expect(server.fakeLlm.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true });
    expect((await ask(pro.cookie, 'Second question')).status).toBe(200);
    expect((await ask(pro.cookie, 'Third question')).status).toBe(200);
    // An upstream that reports nothing (many local servers): estimated from the text, about four characters a token.
    server.fakeLlm.script = { tokens: ['x'.repeat(40)] };
    expect((await ask(pro.cookie, 'y'.repeat(400), OTHER_MODEL)).status).toBe(200);

    // Each reply is counted just after its stream ends (so counting never holds the reply up): wait for the last.
    await expect.poll(async () => (await usage()).totals.replies, { timeout: 10_000 }).toBe(4);
    const figures = await usage();
    expect(figures.totals).toMatchObject({ replies: 4, people: 2, estimatedReplies: 1 });
    const fake = figures.models.find((model) => model.model === FAKE_MODEL)!;
    expect(fake).toMatchObject({ replies: 3, promptTokens: 3600, completionTokens: 900, priced: true });
    expect(fake.costUsd).toBeCloseTo((3600 * 2 + 900 * 8) / 1e6, 10);
    const other = figures.models.find((model) => model.model === OTHER_MODEL)!;
    expect(other).toMatchObject({ replies: 1, completionTokens: 10, priced: false, costUsd: 0, estimatedReplies: 1 });
    // The prompt holds the system prompt too: more than the question's 100 tokens.
    expect(other.promptTokens).toBeGreaterThan(100);
    expect(figures.unpriced).toEqual([OTHER_MODEL]);
    expect(figures.totals.costUsd).toBeCloseTo(fake.costUsd, 10);

    expect(figures.plans.map(({ plan, replies, people }) => ({ plan, replies, people }))).toEqual([
      { plan: 0, replies: 1, people: 1 },
      { plan: 1, replies: 3, people: 1 },
    ]);
    expect(figures.heaviest[0]).toMatchObject({ userId: pro.id, name: 'Pia', replies: 3 });
    expect(figures.heaviest[1]).toMatchObject({ userId: free.id, replies: 1, promptTokens: 1200 });
    const today = new Date().toISOString().slice(0, 10);
    expect(figures.days.at(-1)).toMatchObject({ day: today, replies: 4 });
    // The console reads each day's sums, kept with every reply: they add up to the replies kept.
    const sums = await server.database.db.select().from(replyUsageDays);
    expect(sums.find((row) => row.userId === pro.id && row.model === FAKE_MODEL)).toMatchObject({
      day: today,
      plan: 1,
      replies: 2,
      promptTokens: 2400,
      completionTokens: 600,
      estimated: 0,
    });
    expect(sums.find((row) => row.model === OTHER_MODEL)).toMatchObject({ userId: pro.id, replies: 1, estimated: 1 });
    // Counts only: nothing of what was asked or answered.
    expect(JSON.stringify(figures)).not.toMatch(/question|Hello/);
  });

  it('counts a reply the page left too, and keeps the figures of a deleted account without its name', async () => {
    await server.database.db.delete(replyUsage);
    await server.database.db.delete(replyUsageDays);
    const gone = await person('Gone');
    server.fakeLlm.script = { tokens: ['a', 'b'], usage: { prompt_tokens: 10, completion_tokens: 2 } };
    await ask(gone.cookie, 'Hi');
    // Left mid-reply (the page closed): the tokens were still spent.
    server.fakeLlm.script = { tokens: ['a', 'b', 'c'], delayMs: 5_000 };
    const controller = new AbortController();
    const stopped = fetch(`${server.url}/api/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: `sid=${gone.cookie}` },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Long one' }] }),
      signal: controller.signal,
    });
    const response = await stopped;
    await response.body!.getReader().read();
    controller.abort();
    await expect.poll(async () => (await usage('?days=1')).totals.replies, { timeout: 10_000 }).toBe(2);

    const deleted = await call(server.url, '/api/account/delete', {
      json: { confirmation: gone.email },
      cookie: gone.cookie,
    });
    expect(deleted.status).toBe(200);
    const figures = await usage('?days=1');
    expect(figures.totals.replies).toBe(2);
    expect(figures.totals.estimatedReplies).toBe(1);
    expect(figures.heaviest).toEqual([expect.objectContaining({ userId: null, name: null, email: null, replies: 2 })]);
    expect(figures.since).toBeGreaterThan(Date.now() - DAY_MS - 60_000);
  });

  it('answers a clear 400 for a bad number of days', async () => {
    const res = await call(server.url, '/api/admin/usage?days=0', { cookie: admin });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: 'Days is a whole number from 1 to 366.' });
  });
});
