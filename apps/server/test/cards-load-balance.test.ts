import { eq } from 'drizzle-orm';
import { get_fuzz_range } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { studyDayAt, studyDayNumber } from '@turtle/shared/cards-day';
import { CardState, WEEKDAYS, type EasyDayLevel } from '@turtle/shared/cards-review';
import { DAY_MS } from '@turtle/shared/constants';
import { cards, reviewLogs } from '../src/db/schema';
import { fsrsCardAt, schedulerFor, type CardMemory } from '../src/features/cards/review/scheduler';
import { DEFAULT_CARD_SETTINGS } from '../src/features/cards/settings.repository';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { seedReviewHistory, type SeedCard } from './support/review-seed';
import { useTestServer } from './support/use-test-server';

// docs/decisions/043-daily-load.md: a Good on a review card lands on the lightest study day of its fuzz range, for
// the weekday levels the person set; with balancing off, where plain fuzz puts it.

const server = useTestServer();
const HOUR = 3_600_000;

/** The graded card: in review, last seen 10 days ago, stability 30 (Good gives about a month, a range of days). */
const memoryAt = (now: number): CardMemory => ({
  state: CardState.REVIEW,
  due: now - HOUR,
  stability: 30,
  difficulty: 5,
  elapsedDays: 10,
  scheduledDays: 10,
  learningSteps: 0,
  reps: 5,
  lapses: 0,
  lastReview: now - 10 * DAY_MS,
});

/** Good's fuzz range (days from now) as ts-fsrs draws it, for a grade at about `now`. */
function goodRange(now: number) {
  const item = schedulerFor(DEFAULT_CARD_SETTINGS).repeat(fsrsCardAt(memoryAt(now), now, 'UTC'), new Date(now))[3];
  const plain = schedulerFor(DEFAULT_CARD_SETTINGS, false).next_interval(item.card.stability, item.log.elapsed_days);
  const range = get_fuzz_range(plain, item.log.elapsed_days, 36_500);
  return { min: range.min_ivl, max: range.max_ivl };
}

/**
 * A person whose reviews due on the study day `d` days from now number `dueOn(d)` (for the days around Good's range),
 * with the settings given, and the card to grade.
 */
async function calendar(
  name: string,
  dueOn: (days: number) => number,
  settings: Record<string, unknown> = {},
  graded = 1,
) {
  const db = server.database.db;
  const user = await createUser(db, { name });
  const client = cardsClient(server.url, await createSessionToken(db, user.id));
  const now = Date.now();
  const range = goodRange(now);
  const filler: SeedCard[] = [];
  for (let days = range.min - 2; days <= range.max + 2; days++) {
    const day = studyDayAt(now + days * DAY_MS, 'UTC');
    for (let n = 0; n < dueOn(days); n++) filler.push({ due: day.start + 6 * HOUR + n });
  }
  const gradedCards: SeedCard[] = Array.from({ length: graded }, () => ({}));
  const { cardIds } = await seedReviewHistory(db, user.id, {
    deckName: name,
    cards: [...gradedCards, ...filler],
    reviews: [],
  });
  for (const id of cardIds.slice(0, graded)) await db.update(cards).set(memoryAt(now)).where(eq(cards.id, id));
  const body = { desiredRetention: 0.9, newPerDay: 20, reviewsPerDay: 200, ...settings };
  expect((await client.call('/api/cards/settings', body)).status).toBe(200);
  /** Grades Good the `index`-th card to grade (each is a card in review as `memoryAt` says). */
  const grade = async (index = 0) => {
    const cardId = cardIds[index]!;
    const base = { reps: 5, lastReview: memoryAt(now).lastReview };
    const response = await client.call('/api/cards/review/grade', { cardId, rating: 3, durationMs: 900, base });
    expect(response.status).toBe(200);
    const [log] = await db.select().from(reviewLogs).where(eq(reviewLogs.cardId, cardId));
    const interval = studyDayNumber(log!.dueAfter, 'UTC') - studyDayNumber(log!.reviewedAt, 'UTC');
    return { interval, log: log! };
  };
  return { now, range, grade };
}

describe('load balancing a grade', () => {
  it('puts the card on the lightest day of its fuzz range', async () => {
    const range = goodRange(Date.now());
    expect(range.max - range.min).toBeGreaterThanOrEqual(3);
    const target = range.max - 1;
    // Three cards in a row: the day stays the lightest as it fills (plain fuzz would land there by chance one time
    // in several hundred).
    const { grade } = await calendar('Balanced', (days) => (days === target ? 1 : 6), {}, 3);
    for (const index of [0, 1, 2]) {
      const { interval, log } = await grade(index);
      expect(interval).toBe(target);
      expect(log.scheduledDays).toBe(target);
    }
  });

  it('with balancing off, the day plain fuzz gives', async () => {
    const range = goodRange(Date.now());
    const { now, grade } = await calendar('Unbalanced', (days) => (days === range.max - 1 ? 0 : 6), {
      loadBalancing: false,
    });
    const { log } = await grade();
    const reviewedAt = log.reviewedAt;
    const plain = schedulerFor(DEFAULT_CARD_SETTINGS).repeat(
      fsrsCardAt(memoryAt(now), reviewedAt, 'UTC'),
      new Date(reviewedAt),
    )[3];
    expect(log.dueAfter).toBe(plain.card.due.getTime());
  });

  it('keeps off the weekdays set to Minimum while a Normal day is in reach', async () => {
    const now = Date.now();
    const range = goodRange(now);
    const weekdayOf = (days: number) => (new Date(studyDayAt(now + days * DAY_MS, 'UTC').label).getUTCDay() + 6) % 7;
    const open = weekdayOf(range.min + 1);
    const easyDays: EasyDayLevel[] = WEEKDAYS.map((_, weekday) => (weekday === open ? 'normal' : 'minimum'));
    // The open weekday's day is the busiest of the range, yet the others are Minimum.
    const { grade } = await calendar(
      'Weekend',
      (days) => (days === range.min + 1 ? 9 : days === range.min + 8 ? 20 : 0),
      { easyDays },
      2,
    );
    for (const index of [0, 1]) expect((await grade(index)).interval).toBe(range.min + 1);
  });
});
