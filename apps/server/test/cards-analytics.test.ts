import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardAnalytics } from '@turtle/shared/cards-analytics';
import { studyDayAt } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import { DAY_MS, HOUR_MS } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { seedReviewHistory } from './support/review-seed';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function person(name: string, plan: number = Plan.PRO) {
  const db = server.database.db;
  const user = await createUser(db, { name, plan, expireAt: -1 });
  return { user, client: cardsClient(server.url, await createSessionToken(db, user.id)) };
}

/**
 * A fixed log around today's study day (from 4 am UTC). Deck A: reviews today (Good, Again), yesterday (Good), four
 * days ago (Good) and 40 days ago (Hard); deck B: two days ago (Easy). Mature (interval 30 before): today's two,
 * B's and the one 40 days ago.
 */
async function seedFixedLog(userId: string) {
  const db = server.database.db;
  const start = studyDayAt(Date.now(), 'UTC').start;
  const a = await seedReviewHistory(db, userId, {
    deckName: 'A',
    cards: [
      { due: start + 2 * HOUR_MS, stability: 0.5, difficulty: 1.5 },
      { due: start - 3 * DAY_MS, stability: 3, difficulty: 5.2 },
      { due: start + DAY_MS + HOUR_MS, stability: 10, difficulty: 9.9 },
      { due: start + 40 * DAY_MS, stability: 400, difficulty: 10 },
    ],
    reviews: [
      { card: 0, rating: 3, reviewedAt: start + HOUR_MS, durationMs: 10_000, intervalBefore: 30 },
      { card: 1, rating: 1, reviewedAt: start + 2 * HOUR_MS, durationMs: 20_000, intervalBefore: 30 },
      { card: 0, rating: 3, reviewedAt: start - DAY_MS + HOUR_MS, durationMs: 5_000, intervalBefore: 5 },
      { card: 2, rating: 3, reviewedAt: start - 4 * DAY_MS + HOUR_MS, durationMs: 7_000, intervalBefore: 5 },
      { card: 0, rating: 2, reviewedAt: start - 40 * DAY_MS + HOUR_MS, durationMs: 9_000, intervalBefore: 30 },
      // A learning-state review on a long interval is not a mature review.
      {
        card: 3,
        rating: 1,
        reviewedAt: start - 40 * DAY_MS + 2 * HOUR_MS,
        durationMs: 1_000,
        intervalBefore: 30,
        stateBefore: CardState.RELEARNING,
      },
    ],
  });
  const b = await seedReviewHistory(db, userId, {
    deckName: 'B',
    cards: [
      { due: start + 10 * DAY_MS + HOUR_MS, stability: 45, difficulty: 3 },
      { state: CardState.NEW, stability: 0, difficulty: 0 },
    ],
    reviews: [{ card: 0, rating: 4, reviewedAt: start - 2 * DAY_MS + HOUR_MS, durationMs: 8_000, intervalBefore: 30 }],
  });
  return { a, b };
}

const sumBy = <T>(rows: T[], pick: (row: T) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
const bucket = (buckets: { label: string; cards: number }[]) =>
  Object.fromEntries(buckets.filter((b) => b.cards).map((b) => [b.label, b.cards]));

describe('learning analytics', () => {
  it('equals the hand-computed figures of a fixed log, across decks and per deck', async () => {
    const { user, client } = await person('Analyst');
    const { a, b } = await seedFixedLog(user.id);
    const all = (await client.call('/api/cards/analytics?days=30&tz=UTC')).data as CardAnalytics;
    expect(all.today).toBe(new Date(studyDayAt(Date.now(), 'UTC').start).toISOString().slice(0, 10));
    expect(all.reviewsPerDay).toHaveLength(30);
    expect(all.reviewsPerDay.slice(-5).map((day) => day.reviews)).toEqual([1, 0, 1, 1, 2]);
    expect(sumBy(all.reviewsPerDay, (day) => day.reviews)).toBe(5);
    expect(all.time).toEqual({ reviews: 5, totalMs: 50_000, averagePerDayMs: 1667 });
    expect(all.streak).toEqual({ days: 3, reviewedToday: true });
    // Mature reviews: 3 passed of 4 over the months shown.
    expect(sumBy(all.retentionByMonth, (m) => m.passed)).toBe(3);
    expect(sumBy(all.retentionByMonth, (m) => m.total)).toBe(4);
    expect(all.retentionByMonth).toHaveLength(12);
    expect(all.desiredRetention).toBe(0.9);
    expect(all.duePerDay).toHaveLength(30);
    expect(all.duePerDay[0]!.due).toBe(2);
    expect(all.duePerDay[1]!.due).toBe(1);
    expect(all.duePerDay[10]!.due).toBe(1);
    expect(sumBy(all.duePerDay, (day) => day.due)).toBe(4);
    expect(bucket(all.stability)).toEqual({
      'under 1 day': 1,
      '1–7 days': 1,
      '1–4 weeks': 1,
      '1–3 months': 1,
      'over a year': 1,
    });
    expect(bucket(all.difficulty)).toEqual({ '1–2': 1, '3–4': 1, '5–6': 1, '9–10': 2 });

    const year = (await client.call('/api/cards/analytics?days=90&tz=UTC')).data as CardAnalytics;
    expect(sumBy(year.reviewsPerDay, (day) => day.reviews)).toBe(7);
    expect(year.time.totalMs).toBe(60_000);

    const deckA = (await client.call(`/api/cards/analytics?days=30&tz=UTC&deckId=${a.deckId}`)).data as CardAnalytics;
    expect(deckA.deckId).toBe(a.deckId);
    expect(sumBy(deckA.reviewsPerDay, (day) => day.reviews)).toBe(4);
    expect(deckA.streak).toEqual({ days: 2, reviewedToday: true });
    expect(sumBy(deckA.duePerDay, (day) => day.due)).toBe(3);
    expect(sumBy(deckA.retentionByMonth, (m) => m.total)).toBe(3);
    const deckB = (await client.call(`/api/cards/analytics?days=30&tz=UTC&deckId=${b.deckId}`)).data as CardAnalytics;
    expect(deckB.time).toEqual({ reviews: 1, totalMs: 8_000, averagePerDayMs: 267 });
    expect(deckB.streak).toEqual({ days: 0, reviewedToday: false });
    expect(deckB.retentionByMonth.filter((m) => m.total).map((m) => m.retention)).toEqual([1]);
  });

  it('counts days from 4 am in the learner’s zone', async () => {
    const { user, client } = await person('Zoned');
    const start = studyDayAt(Date.now(), 'Asia/Tokyo').start;
    await seedReviewHistory(server.database.db, user.id, {
      deckName: 'Tokyo',
      cards: [{}],
      reviews: [
        { card: 0, rating: 3, reviewedAt: start + 60_000 },
        { card: 0, rating: 3, reviewedAt: start - 60_000 },
      ],
    });
    const tokyo = (await client.call('/api/cards/analytics?tz=Asia%2FTokyo')).data as CardAnalytics;
    expect(tokyo.reviewsPerDay.slice(-2).map((day) => day.reviews)).toEqual([1, 1]);
    expect(tokyo.streak.days).toBe(2);
  });

  it('is Pro’s: a Free member gets 403 and none of their figures', async () => {
    const { user, client } = await person('Free learner', Plan.FREE);
    await seedFixedLog(user.id);
    const response = await client.call('/api/cards/analytics');
    expect(response.status).toBe(403);
    expect(response.data).toEqual({ code: 'proRequired', message: expect.stringContaining('Pro') });
    expect(response.text).not.toContain('reviewsPerDay');
    expect((await client.call('/api/cards/optimizer')).status).toBe(403);
    expect((await client.call('/api/cards/optimizer', { tz: 'UTC' })).status).toBe(403);
  });

  it('never shows another person’s analytics: their deck is 404 and their log is not counted', async () => {
    const owner = await person('Owner');
    const { a } = await seedFixedLog(owner.user.id);
    const other = await person('Other');
    const theirs = await other.client.call(`/api/cards/analytics?deckId=${a.deckId}`);
    expect(theirs.status).toBe(404);
    const own = (await other.client.call('/api/cards/analytics')).data as CardAnalytics;
    expect(sumBy(own.reviewsPerDay, (day) => day.reviews)).toBe(0);
    expect(sumBy(own.duePerDay, (day) => day.due)).toBe(0);
    expect(own.streak.days).toBe(0);
  });

  it('refuses a bad period, time zone or deck id with 400', async () => {
    const { client } = await person('Careless');
    for (const query of ['days=7', 'tz=Mars%2FOlympus', `deckId=${'x'.repeat(200)}`]) {
      const response = await client.call(`/api/cards/analytics?${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});
