import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import { CardState, type NextCardResponse } from '@turtle/shared/cards-review';
import { DAY_MS } from '@turtle/shared/constants';
import { cards, reviewLogs } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

// docs/decisions/012-flashcards.md: a grade counts elapsed days in the study days of the zone its queue names (4 am
// there), as the queue and the optimizer do; a grade naming none counts them in UTC.

const server = useTestServer();
const HOUR = 3_600_000;
const ZONE = 'Pacific/Kiritimati'; // UTC+14: its 4 am is 14:00 UTC, ten hours from UTC's

const daysBetween = (from: number, to: number, zone: string) => studyDayNumber(to, zone) - studyDayNumber(from, zone);

/**
 * A last review a day or two back whose study days to now differ between UTC and `ZONE`, and stay so for the next
 * five minutes (the grade's clock is the server's).
 */
function lastReviewWhereZonesDiffer(now: number): number {
  for (let hours = 0; hours < 48; hours++) {
    const last = now - DAY_MS - hours * HOUR - HOUR / 2;
    const counts = [now, now + 5 * 60_000].map((at) => [daysBetween(last, at, 'UTC'), daysBetween(last, at, ZONE)]);
    if (counts[0]![0] !== counts[0]![1] && String(counts[0]) === String(counts[1])) return last;
  }
  throw new Error('no such time');
}

async function reviewCard(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name });
  const client = cardsClient(server.url, await createSessionToken(db, user.id));
  const deck = await client.createDeck(name);
  await client.createCard(deck.id, { front: `${name} front`, back: 'back' });
  const id = ((await client.call(`/api/cards/review/next?deckId=${deck.id}`)).data as NextCardResponse).card!.id;
  const lastReview = lastReviewWhereZonesDiffer(Date.now());
  const memory = { state: CardState.REVIEW, stability: 12, difficulty: 5, reps: 4, elapsedDays: 3, scheduledDays: 3 };
  await db
    .update(cards)
    .set({ ...memory, lastReview, due: lastReview + 3 * DAY_MS, learningSteps: 0 })
    .where(eq(cards.id, id));
  return { client, id, deckId: deck.id, lastReview };
}

const logOf = async (cardId: string) =>
  (await server.database.db.select().from(reviewLogs).where(eq(reviewLogs.cardId, cardId)))[0]!;

describe('a grade counts elapsed days in the learner’s study days', () => {
  it('in the zone its queue names', async () => {
    const { client, id, deckId, lastReview } = await reviewCard('Zoned');
    const body = { cardId: id, rating: 3, durationMs: 900, base: { reps: 4, lastReview }, queue: { deckId, tz: ZONE } };
    expect((await client.call('/api/cards/review/grade', body)).status).toBe(200);
    const log = await logOf(id);
    expect(log.elapsedDays).toBe(daysBetween(lastReview, log.reviewedAt, ZONE));
    expect(log.elapsedDays).not.toBe(daysBetween(lastReview, log.reviewedAt, 'UTC'));
  });

  it('in UTC when the grade names no zone', async () => {
    const { client, id, lastReview } = await reviewCard('Unzoned');
    const body = { cardId: id, rating: 3, durationMs: 900, base: { reps: 4, lastReview } };
    expect((await client.call('/api/cards/review/grade', body)).status).toBe(200);
    const log = await logOf(id);
    expect(log.elapsedDays).toBe(daysBetween(lastReview, log.reviewedAt, 'UTC'));
    expect(log.elapsedDays).not.toBe(daysBetween(lastReview, log.reviewedAt, ZONE));
  });
});
