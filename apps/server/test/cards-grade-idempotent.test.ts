import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARD_ALREADY_REVIEWED_MESSAGE, type NextCardResponse } from '@turtle/shared/cards-review';
import { cards, reviewLogs } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// Decision 012: a grade names the card state it was made on (`base`), so a double click, a retried request or
// twenty at once record one review. The same grade again (same base, same rating) gets the first answer; a grade
// on a state the card has left is 409.

const server = useTestServer();

async function oneCard(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name });
  const cookie = await createSessionToken(db, user.id);
  const client = cardsClient(server.url, cookie);
  const deck = await client.createDeck(name);
  await client.createCard(deck.id, { front: `${name}: what is a grade?`, back: 'One review' });
  const next = async () =>
    ((await client.call(`/api/cards/review/next?deckId=${deck.id}&ahead=1`)).data as NextCardResponse).card!;
  return { user, cookie, client, next };
}

const logsOf = async (cardId: string) =>
  (await server.database.db.select({ n: count() }).from(reviewLogs).where(eq(reviewLogs.cardId, cardId)))[0]!.n;
const repsOf = async (cardId: string) =>
  (await server.database.db.select({ reps: cards.reps }).from(cards).where(eq(cards.id, cardId)))[0]!.reps;

describe('grading is idempotent', () => {
  it('20 grades of one card at once, on the same state, record one review and all get the same answer', async () => {
    const { client, next } = await oneCard('Twenty clicks');
    const card = await next();
    const body = { cardId: card.id, rating: 3, durationMs: 1200, base: card.base };
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.call('/api/cards/review/grade', body)));
    expect(await logsOf(card.id)).toBe(1);
    expect(await repsOf(card.id)).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    // The card as the queue showed it: never reviewed.
    expect(card.base).toEqual({ reps: 0, lastReview: null });
  });

  it('20 grades at once with different ratings: one is recorded, a different rating on the old state is 409', async () => {
    const { client, next } = await oneCard('Mixed clicks');
    const card = await next();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client.call('/api/cards/review/grade', {
          cardId: card.id,
          rating: (index % 4) + 1,
          durationMs: 900,
          base: card.base,
        }),
      ),
    );
    expect(await logsOf(card.id)).toBe(1);
    expect(await repsOf(card.id)).toBe(1);
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(ok.length + refused.length).toBe(20);
    // Those with the recorded rating get its answer; the others are told the card moved on.
    expect(ok.length).toBe(5);
    expect(new Set(ok.map((answer) => answer.text)).size).toBe(1);
    for (const answer of refused)
      expect(answer.data).toEqual({ code: 'conflict', message: CARD_ALREADY_REVIEWED_MESSAGE });
  });

  it('the same grade sent again gets the first answer; a grade on a state the card has left is 409', async () => {
    const { client, next } = await oneCard('Retry');
    const first = await next();
    const body = { cardId: first.id, rating: 1, durationMs: 700, base: first.base };
    const graded = await client.call('/api/cards/review/grade', body);
    expect(graded.status).toBe(200);
    const retried = await client.call('/api/cards/review/grade', { ...body, durationMs: 800 });
    expect(retried.status).toBe(200);
    expect(retried.data).toEqual(graded.data);
    expect(await logsOf(first.id)).toBe(1);

    const second = await next();
    expect(second.id).toBe(first.id);
    expect(second.base).toEqual({ reps: 1, lastReview: expect.any(Number) });
    expect((await client.call('/api/cards/review/grade', { ...body, base: second.base, rating: 3 })).status).toBe(200);
    expect(await logsOf(first.id)).toBe(2);
    // The first state again: the card has moved on twice since.
    const stale = await client.call('/api/cards/review/grade', body);
    expect(stale.status).toBe(409);
    expect(stale.data).toEqual({ code: 'conflict', message: CARD_ALREADY_REVIEWED_MESSAGE });
    expect(CARD_ALREADY_REVIEWED_MESSAGE).toBe('This card was already reviewed. Reload to see its new due date.');
    expect(await logsOf(first.id)).toBe(2);
    expect(await repsOf(first.id)).toBe(2);
  });

  it('after an undo the card is back on its state, and a grade naming it is recorded', async () => {
    const { client, next } = await oneCard('Undo then grade');
    const card = await next();
    const body = { cardId: card.id, rating: 3, durationMs: 500, base: card.base };
    expect((await client.call('/api/cards/review/grade', body)).status).toBe(200);
    const undone = await client.call('/api/cards/review/undo', {});
    expect(undone.status).toBe(200);
    expect((undone.data as { card: { base: unknown } }).card.base).toEqual(card.base);
    const again = await client.call('/api/cards/review/grade', { ...body, rating: 4 });
    expect(again.status).toBe(200);
    expect(await logsOf(card.id)).toBe(1);
  });

  it('a double submit with the same Idempotency-Key gets the same answer and records one review (also without base)', async () => {
    const { cookie, next } = await oneCard('Keyed');
    const card = await next();
    const key = randomUUID();
    const send = (body: unknown) =>
      call(server.url, '/api/cards/review/grade', { json: body, cookie, headers: { 'idempotency-key': key } });
    // An older client: no base, only the key.
    const body = { cardId: card.id, rating: 2, durationMs: 300 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    // The stored answer comes back from jsonb, keys in its order: compare the answers, not their text.
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
    const later = await send(body);
    expect(later.status).toBe(200);
    expect(later.data).toEqual(answers[0]!.data);
    expect(await logsOf(card.id)).toBe(1);
    // The same key with another body is refused, and records nothing.
    const reused = await send({ ...body, rating: 4 });
    expect(reused.status).toBe(422);
    expect(await logsOf(card.id)).toBe(1);
  });

  it('a grade without base (an older client) is still recorded on the card as it is', async () => {
    const { client, next } = await oneCard('Old client');
    const card = await next();
    expect((await client.call('/api/cards/review/grade', { cardId: card.id, rating: 3, durationMs: 1 })).status).toBe(
      200,
    );
    expect((await client.call('/api/cards/review/grade', { cardId: card.id, rating: 3, durationMs: 1 })).status).toBe(
      200,
    );
    expect(await logsOf(card.id)).toBe(2);
  });

  it('refuses a malformed base', async () => {
    const { client, next } = await oneCard('Bad base');
    const card = await next();
    const res = await client.call('/api/cards/review/grade', {
      cardId: card.id,
      rating: 3,
      durationMs: 1,
      base: { reps: -1, lastReview: 'yesterday' },
    });
    expect(res.status).toBe(400);
    expect(await logsOf(card.id)).toBe(0);
  });
});
