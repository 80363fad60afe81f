import {
  createEmptyCard,
  default_w,
  forgetting_curve,
  fsrs,
  generatorParameters,
  type Card,
  type Grade,
} from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardState } from '@turtle/shared/cards-review';
import type { OptimizerRun } from '@turtle/shared/cards-optimizer';
import { DAY_MS } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { seededRandom } from './support/review-history';
import { seedReviewHistory, type SeedReview } from './support/review-seed';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Decision 013: a log with Turtle's own same-day learning steps (1 and 10 minutes, 10 minutes after a lapse) made
 * fsrs-rs panic ("at least one review with delta_t > 0 is required") inside the server process, which aborted it.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * A learner graded by Turtle's scheduler (short-term steps on, no fuzz): each card is new on a day of its own, then
 * graded whenever it is due, minutes later the same day while in its steps. Steps are passed most of the time;
 * reviews are recalled with FSRS's forgetting curve for a learner who forgets faster than the defaults assume.
 */
function sameDayStepsHistory(cards: number, startAt: number, now: number): SeedReview[] {
  const random = seededRandom(11);
  const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: true }));
  const memory = [...default_w];
  memory[0] = 0.2;
  memory[2] = 1.5;
  const reviews: SeedReview[] = [];
  for (let card = 0; card < cards; card++) {
    // Each card's first grade at a time of day of its own (between 8 am and 8 pm UTC).
    let at = startAt + Math.floor(random() * 90) * DAY_MS + 8 * 3_600_000 + Math.floor(random() * 12 * 3_600_000);
    let state: Card = createEmptyCard(new Date(at));
    while (at < now) {
      let rating: Grade;
      if (state.state === CardState.REVIEW) {
        const elapsed = (at - state.last_review!.getTime()) / DAY_MS;
        const roll = random();
        rating =
          random() >= forgetting_curve(memory, elapsed, state.stability) ? 1 : roll < 0.1 ? 2 : roll < 0.9 ? 3 : 4;
      } else {
        const roll = random();
        rating = roll < 0.15 ? 1 : roll < 0.25 ? 2 : roll < 0.95 ? 3 : 4;
      }
      reviews.push({ card, rating, reviewedAt: at, stateBefore: state.state });
      state = scheduler.next(state, new Date(at), rating).card;
      // Graded when due, a few seconds late (the learner is in the middle of a session).
      at = Math.max(state.due.getTime(), at + 1_000) + Math.floor(random() * 30_000);
    }
  }
  return reviews;
}

describe('Optimize my schedule on a log with same-day learning steps', () => {
  it('fits 400+ reviews whose first days are 1- and 10-minute steps without a crash, and the run ends done', async () => {
    const db = server.database.db;
    const user = await createUser(db, { name: 'Stepper', plan: Plan.PRO, expireAt: -1 });
    const client = cardsClient(server.url, await createSessionToken(db, user.id));
    const now = Date.now();
    const reviews = sameDayStepsHistory(120, now - 120 * DAY_MS, now - DAY_MS);
    // The history is what broke it: many cards have two or more grades on their first day.
    const firstDay = new Map<number, number>();
    for (const review of reviews) {
      const day = Math.floor(review.reviewedAt / DAY_MS);
      if (!firstDay.has(review.card)) firstDay.set(review.card, day);
    }
    const stepsOnFirstDay = reviews.filter(
      (review) => Math.floor(review.reviewedAt / DAY_MS) === firstDay.get(review.card),
    );
    expect(reviews.length).toBeGreaterThanOrEqual(400);
    expect(stepsOnFirstDay.length).toBeGreaterThan(2 * 120);
    await seedReviewHistory(db, user.id, {
      deckName: 'Same-day steps',
      cards: Array.from({ length: 120 }, () => ({})),
      reviews,
    });

    const started = await client.call('/api/cards/optimizer', { tz: 'UTC' });
    expect(started.status).toBe(202);
    const id = (started.data as { run: OptimizerRun }).run.id;
    let run: OptimizerRun;
    for (;;) {
      run = ((await client.call(`/api/cards/optimizer/${id}`)).data as { run: OptimizerRun }).run;
      if (run.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Done: adopted, or the clear "not better" outcome (the fitted weights did not beat the current ones).
    expect(run.status, run.message ?? '').toBe('done');
    expect(run.result!.reviews).toBe(reviews.length);
    expect(run.result!.testedReviews).toBeGreaterThan(0);
    expect(Number.isFinite(run.result!.before.logLoss) && Number.isFinite(run.result!.after.logLoss)).toBe(true);
    expect(run.result!.adopted).toBe(run.result!.after.logLoss < run.result!.before.logLoss);
    // The server is still there.
    expect((await client.call('/api/health')).status).toBe(200);
  }, 120_000);
});
