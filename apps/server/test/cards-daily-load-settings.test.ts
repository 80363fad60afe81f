import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EASY_DAYS_DEFAULT, type CardSettings, type NextCardResponse } from '@turtle/shared/cards-review';
import { DAY_MS } from '@turtle/shared/constants';
import { cards } from '../src/db/schema';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { seedReviewHistory } from './support/review-seed';
import { useTestServer } from './support/use-test-server';

// docs/decisions/043-daily-load.md: load balancing, easy days and the review order are kept per person with the other
// review settings; a save that leaves them out keeps them.

const server = useTestServer();

async function person(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name });
  return Object.assign(cardsClient(server.url, await createSessionToken(db, user.id)), { userId: user.id });
}

const base = { desiredRetention: 0.9, newPerDay: 20, reviewsPerDay: 200 };
const settingsOf = async (client: ReturnType<typeof cardsClient>) =>
  ((await client.call('/api/cards/settings')).data as { settings: CardSettings }).settings;

describe('daily load settings', () => {
  it('default to balancing on, every day Normal, the most overdue first', async () => {
    const client = await person('Defaults');
    expect(await settingsOf(client)).toEqual({
      ...base,
      loadBalancing: true,
      easyDays: EASY_DAYS_DEFAULT,
      reviewOrder: 'due',
    });
  });

  it('are saved and read back; a save without them (an older client) keeps them', async () => {
    const client = await person('Saver');
    const chosen = {
      loadBalancing: false,
      easyDays: ['normal', 'normal', 'normal', 'normal', 'normal', 'reduced', 'minimum'],
      reviewOrder: 'retrievability',
    };
    const saved = await client.call('/api/cards/settings', { ...base, ...chosen });
    expect(saved.status).toBe(200);
    expect((saved.data as { settings: CardSettings }).settings).toMatchObject(chosen);
    expect(await settingsOf(client)).toMatchObject({ ...base, ...chosen });

    expect((await client.call('/api/cards/settings', { ...base, newPerDay: 7 })).status).toBe(200);
    expect(await settingsOf(client)).toMatchObject({ ...base, newPerDay: 7, ...chosen });
  });

  it('refuses easy days that are not seven known levels, and an unknown order, with a message', async () => {
    const client = await person('Refused');
    const refused = async (body: Record<string, unknown>) => {
      const response = await client.call('/api/cards/settings', { ...base, ...body });
      expect(response.status).toBe(400);
      return (response.data as { message: string }).message;
    };
    expect(await refused({ easyDays: ['normal', 'normal'] })).toBe('Send easy days as seven levels, Monday first.');
    expect(await refused({ easyDays: [...EASY_DAYS_DEFAULT.slice(1), 'holiday'] })).toBe(
      'Each easy day is normal, reduced or minimum.',
    );
    expect(await refused({ reviewOrder: 'random' })).toBe('The review order is due or retrievability.');
    expect(await refused({ loadBalancing: 'yes' })).toBe('Send load balancing as true or false.');
    expect(await settingsOf(client)).toMatchObject({ loadBalancing: true, reviewOrder: 'due' });
  });
});

describe('the order of the day’s reviews', () => {
  it('is the most overdue first, or with “retrievability” the most forgotten first', async () => {
    const client = await person('Backlog');
    const db = server.database.db;
    const now = Date.now();
    // Long overdue but well known (20 days since, stability 100) against due yesterday but fragile (5 days, 2).
    const { cardIds } = await seedReviewHistory(db, client.userId, {
      deckName: 'Backlog',
      cards: [
        { due: now - 10 * DAY_MS, stability: 100 },
        { due: now - DAY_MS, stability: 2 },
        { due: now - 2 * DAY_MS, stability: 50 },
      ],
      reviews: [],
    });
    const lastReviews = [now - 20 * DAY_MS, now - 5 * DAY_MS, now - 4 * DAY_MS];
    for (const [index, id] of cardIds.entries()) {
      await db.update(cards).set({ lastReview: lastReviews[index]! }).where(eq(cards.id, id));
    }
    const first = async () => ((await client.call('/api/cards/review/next')).data as NextCardResponse).card?.id;
    expect(await first()).toBe(cardIds[0]);
    expect((await client.call('/api/cards/settings', { ...base, reviewOrder: 'retrievability' })).status).toBe(200);
    expect(await first()).toBe(cardIds[1]);
  });
});
