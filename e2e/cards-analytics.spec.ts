import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { studyDayAt } from '@turtle/shared/cards-day';
import { DAY_MS, HOUR_MS } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import { simulateReviewHistory } from '../apps/server/test/support/review-history';
import { seedReviewHistory } from '../apps/server/test/support/review-seed';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();
const PRO = { name: 'Pro learner', plan: Plan.PRO, expireAt: -1 };

/** Two decks with a log over the last days, as in the API test: deck A 4 reviews in 30 days, deck B 1. */
async function seedTwoDecks(userId: string) {
  const db = app.server.database.db;
  const start = studyDayAt(Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone).start;
  await seedReviewHistory(db, userId, {
    deckName: 'Alpha',
    cards: [
      { due: start + 2 * HOUR_MS, stability: 0.5, difficulty: 1.5 },
      { due: start - 3 * DAY_MS, stability: 3, difficulty: 5.2 },
      { due: start + DAY_MS + HOUR_MS, stability: 10, difficulty: 9.9 },
    ],
    reviews: [
      { card: 0, rating: 3, reviewedAt: start + HOUR_MS, durationMs: 60_000, intervalBefore: 30 },
      { card: 1, rating: 1, reviewedAt: start + 2 * HOUR_MS, durationMs: 60_000, intervalBefore: 30 },
      { card: 0, rating: 3, reviewedAt: start - DAY_MS + HOUR_MS, durationMs: 60_000 },
      { card: 2, rating: 3, reviewedAt: start - 4 * DAY_MS + HOUR_MS, durationMs: 60_000 },
    ],
  });
  await seedReviewHistory(db, userId, {
    deckName: 'Beta',
    cards: [{ due: start + 10 * DAY_MS + HOUR_MS, stability: 45, difficulty: 3 }],
    reviews: [
      { card: 0, rating: 4, reviewedAt: start - 2 * DAY_MS + HOUR_MS, durationMs: 120_000, intervalBefore: 30 },
    ],
  });
}

describe('learning analytics', () => {
  it('a Pro learner with a history sees every chart with its numbers, across decks and per deck', async () => {
    const { page, user } = await app.newPage({ signedIn: PRO });
    await seedTwoDecks(user!.id);
    await page.goto('/cards');
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(`${app.url}/cards/analytics`);
    await page.getByRole('heading', { name: 'Learning analytics' }).waitFor();
    const tile = (label: string) => page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd`);
    await expect.poll(() => tile('Reviews, last 30 days').innerText()).toBe('5');
    expect(await tile('Current streak').innerText()).toBe('3 days');
    expect(await tile('Time reviewing, last 30 days').innerText()).toBe('6 min');
    for (const title of [
      'Reviews per day',
      'True retention by month',
      'Due in the next 30 days',
      'Stability',
      'Difficulty',
    ]) {
      const chart = page.getByRole('region', { name: title, exact: true });
      await chart.getByRole('img').first().waitFor();
      await chart.getByText(`Show the numbers: ${title}`).click();
      await chart.getByRole('table').waitFor();
    }
    const retention = page.getByRole('region', { name: 'True retention by month' }).getByRole('table');
    expect(
      await retention
        .getByRole('row')
        .filter({ hasText: '50%' })
        .or(retention.getByRole('row').filter({ hasText: '67%' }))
        .count(),
    ).toBeGreaterThan(0);
    const due = page.getByRole('region', { name: 'Due in the next 30 days' }).getByRole('table');
    expect(await due.getByRole('row').nth(1).getByRole('cell').innerText()).toBe('2');
    // One deck.
    await page.getByLabel('Deck').selectOption({ label: 'Beta' });
    await expect.poll(() => tile('Reviews, last 30 days').innerText()).toBe('1');
    expect(await tile('Current streak').innerText()).toBe('0 days');
    await page.getByRole('button', { name: '365 days' }).click();
    await expect.poll(() => page.getByRole('button', { name: '365 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(await tile('Reviews, last 365 days').innerText()).toBe('1');
    expect(app.pageErrors).toEqual([]);
  });

  it('a Free learner sees a labelled preview from sample data and the upgrade link', async () => {
    const { page, user } = await app.newPage({ signedIn: { name: 'Free learner' } });
    await seedTwoDecks(user!.id);
    await page.goto('/cards/analytics');
    await page.getByText('Sample data.', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'Reviews per day' }).waitFor();
    await expect.poll(() => page.getByLabel('Deck').count()).toBe(0);
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${app.url}/pricing`);
    expect(app.pageErrors).toEqual([]);
  });

  it('"Optimize my schedule" shows progress, then the before/after figures', async () => {
    const { page, user } = await app.newPage({ signedIn: PRO });
    const w = [...default_w];
    w[0] = 0.1;
    w[1] = 0.4;
    w[2] = 1.2;
    w[3] = 4;
    w[8] = 1.0;
    const reviews = simulateReviewHistory({
      w,
      cards: 1_000,
      total: 5_000,
      startAt: Date.now() - 400 * DAY_MS,
      seed: 7,
    });
    await seedReviewHistory(app.server.database.db, user!.id, {
      deckName: 'Simulated',
      cards: Array.from({ length: 1_000 }, () => ({})),
      reviews,
    });
    await page.goto('/cards/analytics');
    const panel = page.getByRole('region', { name: 'Optimize my schedule' });
    await panel.getByText('You have 5,000 reviews', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Optimize my schedule' }).click();
    await panel.getByRole('progressbar', { name: 'Fitting progress' }).waitFor();
    await panel.getByText('Your schedule is now fitted to you', { exact: false }).waitFor({ timeout: 60_000 });
    await panel.getByText(/log loss 0\.\d{3} → 0\.\d{3}, RMSE/).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('moving the retention setting shows the daily load before saving', async () => {
    const { page, user } = await app.newPage({ signedIn: PRO });
    const now = Date.now();
    await seedReviewHistory(app.server.database.db, user!.id, {
      deckName: 'Load',
      cards: Array.from({ length: 60 }, (_, index) => ({
        due: now + (index % 20) * DAY_MS,
        stability: 2 + (index % 20),
      })),
      reviews: [],
    });
    await page.goto('/cards');
    await page.getByText('Review settings').click();
    const forecast = page.getByTestId('retention-forecast');
    await forecast.getByText('At 90%: about', { exact: false }).waitFor();
    await page.getByLabel('Desired retention', { exact: true }).fill('0.8');
    await forecast.getByText(/At 80%: about [\d.]+ reviews a day over the next 30 days.*at your saved 90%/).waitFor();
    const perDay = async () => Number(/about ([\d.]+) reviews/.exec(await forecast.innerText())![1]);
    const at80 = await perDay();
    await page.getByLabel('Desired retention', { exact: true }).fill('0.97');
    await forecast.getByText('At 97%', { exact: false }).waitFor();
    expect(await perDay()).toBeGreaterThan(at80);
    expect(app.pageErrors).toEqual([]);
  });
});
