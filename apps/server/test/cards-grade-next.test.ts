import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GradeResponse, NextCardResponse, Rating } from '@turtle/shared/cards-review';
import { reviewLogs } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

// docs/api.md "Flashcards": a grade answers the queue's next card once it is made, so a review is one round trip.

const server = useTestServer();

async function person(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name });
  const cookie = await createSessionToken(db, user.id);
  return { cookie, client: cardsClient(server.url, cookie) };
}

/**
 * The next-card answer without the intervals a rating would give, which are counted from the moment each request is
 * answered (and fuzzed from it): what the queue gives is the same card, in the same state, with the same counts.
 */
function queueView(answer: NextCardResponse | undefined) {
  if (!answer?.card) return answer;
  const { intervals, ...card } = answer.card;
  expect(Object.keys(intervals)).toEqual(['1', '2', '3', '4']);
  return { ...answer, card };
}

const logCount = async () => (await server.database.db.select({ n: count() }).from(reviewLogs))[0]!.n;

describe('a grade answers the next card', () => {
  it('of the deck and time zone it names: each grade’s next card is what the next-card endpoint then returns', async () => {
    const { client } = await person('One trip');
    const deck = await client.createDeck('One trip');
    const other = await client.createDeck('Elsewhere');
    for (const front of ['Bond', 'Stock', 'Fund']) await client.createCard(deck.id, { front, back: front });
    await client.createCard(other.id, { front: 'Not in this deck', back: 'x' });
    const queue = { deckId: deck.id, tz: 'Pacific/Auckland', ahead: false };
    const nextOf = async () =>
      (await client.call(`/api/cards/review/next?deckId=${deck.id}&tz=${encodeURIComponent(queue.tz)}`))
        .data as NextCardResponse;

    let shown = await nextOf();
    const ratings: Rating[] = [3, 1, 4, 3, 3, 3, 3, 3];
    const seen: string[] = [];
    for (const rating of ratings) {
      if (!shown.card) break;
      const body = { cardId: shown.card.id, rating, durationMs: 900, base: shown.card.base, queue };
      const graded = await client.call('/api/cards/review/grade', body);
      expect(graded.status).toBe(200);
      const answer = graded.data as GradeResponse;
      expect(answer).toMatchObject({ cardId: shown.card.id, state: expect.any(Number), due: expect.any(Number) });
      const after = await nextOf();
      expect(queueView(answer.next)).toEqual(queueView(after));
      if (after.card) seen.push(after.card.front);
      shown = after;
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(seen).not.toContain('Not in this deck');
  });

  it('without a queue (an older client), of every deck in UTC, as the next-card endpoint answers it', async () => {
    const { client } = await person('Older client');
    const first = await client.createDeck('First');
    const second = await client.createDeck('Second');
    await client.createCard(first.id, { front: 'One', back: '1' });
    await client.createCard(second.id, { front: 'Two', back: '2' });
    const shown = ((await client.call('/api/cards/review/next')).data as NextCardResponse).card!;
    const graded = await client.call('/api/cards/review/grade', { cardId: shown.id, rating: 4, durationMs: 1 });
    expect(graded.status).toBe(200);
    const answer = graded.data as GradeResponse;
    expect(queueView(answer.next)).toEqual(queueView((await client.call('/api/cards/review/next')).data as never));
    expect(answer.next?.card?.front).toBe(shown.front === 'One' ? 'Two' : 'One');
  });

  it('the last card’s grade answers no card, with the counts and when a learning card comes back', async () => {
    const { client } = await person('Last card');
    const deck = await client.createDeck('Last');
    await client.createCard(deck.id, { front: 'Only', back: 'one' });
    const shown = ((await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse).card!;
    const graded = await client.call('/api/cards/review/grade', {
      cardId: shown.id,
      rating: 4,
      durationMs: 1,
      base: shown.base,
      queue: { deckId: deck.id },
    });
    const answer = graded.data as GradeResponse;
    expect(answer.next).toEqual({ card: null, counts: { new: 0, learning: 0, review: 0 }, nextDueAt: null });
    expect((await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data).toEqual(answer.next);
  });

  it('a replayed Idempotency-Key answers the same, next card included, whatever was graded since', async () => {
    const { client, cookie } = await person('Replay');
    const deck = await client.createDeck('Replay');
    for (const front of ['A', 'B', 'C']) await client.createCard(deck.id, { front, back: front });
    const nextOf = async () =>
      ((await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse).card!;
    const shown = await nextOf();
    const key = randomUUID();
    const body = { cardId: shown.id, rating: 3, durationMs: 10, base: shown.base, queue: { deckId: deck.id } };
    const send = () =>
      call(server.url, '/api/cards/review/grade', {
        json: body,
        cookie,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.status).toBe(200);
    const following = await nextOf();
    expect(
      (await client.call('/api/cards/review/grade', { cardId: following.id, rating: 4, durationMs: 1 })).status,
    ).toBe(200);
    const replayed = await send();
    expect(replayed.status).toBe(200);
    expect(replayed.data).toEqual(first.data);
    expect((first.data as GradeResponse).next?.card?.id).toBe(following.id);
  });

  it('a deck that is not the caller’s is 404, and nothing is graded', async () => {
    const { client } = await person('Own card');
    const stranger = await person('Stranger');
    const theirs = await stranger.client.createDeck('Theirs');
    const deck = await client.createDeck('Mine');
    await client.createCard(deck.id, { front: 'Mine', back: 'mine' });
    const shown = ((await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse).card!;
    const before = await logCount();
    const graded = await client.call('/api/cards/review/grade', {
      cardId: shown.id,
      rating: 3,
      durationMs: 1,
      queue: { deckId: theirs.id },
    });
    expect(graded.status).toBe(404);
    expect((graded.data as { message: string }).message).toBe('That deck does not exist.');
    expect(
      await server.database.db.select({ n: count() }).from(reviewLogs).where(eq(reviewLogs.cardId, shown.id)),
    ).toEqual([{ n: 0 }]);
    expect(await logCount()).toBe(before);
  });
});
