import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cards } from '../src/db/schema';
import { readAnalytics } from '../src/features/cards/analytics/analytics.repository';
import { forecastLoad } from '../src/features/cards/review/load-forecast';
import { createUser } from './support/factories';
import { seedReviewHistory } from './support/review-seed';
import { useTestServer } from './support/use-test-server';

// The forecasts count due cards on the shared study days (4 am in the learner's zone, DST included), the days the
// queue and load balancing use (docs/decisions/043-daily-load.md, docs/decisions/012-flashcards.md).

const server = useTestServer();
const ZONE = 'Europe/Paris';
// Five days before Paris leaves summer time (2026-10-25, 3 am).
const NOW = Date.parse('2026-10-20T12:00:00Z');

/** Cards due at 3:30 am on the 22nd (summer time) and the 26th (winter time), and at 4:30 am on the 26th. */
async function personWithDueCards(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name });
  const dues = ['2026-10-22T01:30:00Z', '2026-10-26T02:30:00Z', '2026-10-26T03:30:00Z'].map(Date.parse);
  const { cardIds } = await seedReviewHistory(db, user.id, {
    deckName: name,
    cards: dues.map((due) => ({ due, stability: 3650 })),
    reviews: [],
  });
  for (const id of cardIds)
    await db
      .update(cards)
      .set({ lastReview: NOW - 10 * 86_400_000 })
      .where(eq(cards.id, id));
  return user;
}

describe('the forecasts across a DST change', () => {
  it('the due cards ahead fall on the study days their due dates are in', async () => {
    const user = await personWithDueCards('Due ahead');
    const analytics = await readAnalytics(server.database.db, {
      ...{ userId: user.id, deckId: undefined, days: 30, tz: ZONE, desiredRetention: 0.9, now: NOW },
    });
    expect(analytics.duePerDay[0]!.date).toBe('2026-10-20');
    const due = Object.fromEntries(analytics.duePerDay.filter((day) => day.due > 0).map((day) => [day.date, day.due]));
    // 3:30 am belongs to the study day before, in summer time as in winter time.
    expect(due).toEqual({ '2026-10-21': 1, '2026-10-25': 1, '2026-10-26': 1 });
  });

  it('the retention forecast counts each first review on that day too', async () => {
    const user = await personWithDueCards('Forecast ahead');
    const forecast = await forecastLoad(server.database.db, {
      ...{ userId: user.id, retention: 0.9, weights: null, newPerDay: 0, tz: ZONE, now: NOW },
    });
    const reviews = Object.fromEntries(forecast.perDay.map((day) => [day.date, day.reviews]));
    expect(forecast.perDay[0]!.date).toBe('2026-10-20');
    for (const date of ['2026-10-21', '2026-10-25', '2026-10-26']) expect(reviews[date]).toBeGreaterThanOrEqual(1);
  });
});
