import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPeopleResponse } from '@turtle/shared/admin';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { replyUsageDays } from '../src/core/assistant/assistant.tables';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Administration", docs/decisions/037-administrators.md: each person's counts, never their content.
const server = useTestServer();
let admin: string;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  const user = await createUser(server.database.db, {
    name: 'Ada Admin',
    email: `ada-${tag}@example.test`,
    role: ROLE_ADMINISTRATOR,
  });
  admin = await createSessionToken(server.database.db, user.id);
});

// The day's sums of a person's replies (reply_usage_days), which the kept counts follow.
const usageRow = (userId: string, at: Date, replies: number) => ({
  day: at.toISOString().slice(0, 10),
  userId,
  model: 'm',
  plan: 0,
  replies,
  promptTokens: 1,
  completionTokens: 1,
  estimated: 0,
});

describe('the people list counts', () => {
  it('shows replies this month, cards and lessons started, kept as their rows are written', async () => {
    const db = server.database.db;
    const busy = await createUser(db, { name: `Busy ${tag}`, email: `busy-${tag}@example.test` });
    await createUser(db, { name: `Idle ${tag}`, email: `idle-${tag}@example.test` });
    const cookie = await createSessionToken(db, busy.id);
    const deck = (await call(server.url, '/api/cards/decks/create', { json: { name: 'Counted' }, cookie })).data as {
      deck: { id: string };
    };
    for (const front of ['one', 'two']) {
      const made = await call(server.url, '/api/cards/create', {
        json: { deck: { deckId: deck.deck.id }, card: { kind: 'basic', front, back: 'x' } },
        cookie,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(made.status).toBe(200);
    }
    expect(
      (await call(server.url, '/api/lessons/progress', { json: { lessonId: '1', positionMs: 1000 }, cookie })).status,
    ).toBe(200);
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000);
    await db.insert(replyUsageDays).values([usageRow(busy.id, lastMonth, 1), usageRow(busy.id, now, 3)]);

    const res = await call(server.url, `/api/admin/people?q=${tag}&sort=name&order=asc`, { cookie: admin });
    const { people } = res.data as AdminPeopleResponse;
    expect(people.map((person) => [person.name, person.counts])).toEqual([
      ['Ada Admin', { repliesThisMonth: 0, cards: 0, lessons: 0 }],
      [`Busy ${tag}`, { repliesThisMonth: 3, cards: 2, lessons: 1 }],
      [`Idle ${tag}`, { repliesThisMonth: 0, cards: 0, lessons: 0 }],
    ]);
  });
});
