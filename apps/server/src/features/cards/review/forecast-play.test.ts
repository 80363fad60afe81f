import { fsrs, State, type Card } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@turtle/shared/constants';
import { playCard, type ForecastWindow } from './forecast-play';
import { schedulerParameters } from './scheduler';

const T0 = Date.UTC(2026, 10, 1, 4);
const window: ForecastWindow = { end: T0 + 30 * DAY_MS, dayIndex: (at) => Math.floor((at - T0) / DAY_MS) };
const scheduler = fsrs({ ...schedulerParameters({ desiredRetention: 0.9, weights: null }), enable_fuzz: false });

/** A card in review, last seen 20 days ago, due on day 2 of the window. */
const reviewCard: Card = {
  due: new Date(T0 + 2 * DAY_MS + HOUR_MS),
  stability: 20,
  difficulty: 5,
  elapsed_days: 0,
  scheduled_days: 20,
  learning_steps: 0,
  reps: 5,
  lapses: 0,
  state: State.Review,
  last_review: new Date(T0 - 18 * DAY_MS),
};

function forecast(failRate: number) {
  const perDay = new Array<number>(30).fill(0);
  playCard(scheduler, reviewCard, reviewCard.due.getTime(), window, perDay, failRate);
  return { perDay, total: perDay.reduce((sum, value) => sum + value, 0) };
}

describe('playCard (the retention forecast of one card)', () => {
  it('with no failures, plays the card as always passed: one review on day 2, the next past the window', () => {
    const { perDay, total } = forecast(0);
    expect(perDay[2]).toBe(1);
    expect(total).toBe(1);
  });

  it('fails one review in ten at 90%: the failed card is relearnt the same day and comes back sooner', () => {
    const { perDay, total } = forecast(0.1);
    // The review, and one time in ten the relearning step ten minutes later.
    expect(perDay[2]).toBeCloseTo(1.1, 10);
    expect(perDay.slice(0, 2)).toEqual([0, 0]);
    // After a lapse the interval is short, so the card is back within the window (never when passed).
    const later = perDay.slice(3).reduce((sum, value) => sum + value, 0);
    expect(later).toBeGreaterThan(0);
    // Every review beyond the passed path's one belongs to the failed path, which carries a tenth.
    for (const value of perDay.slice(3)) expect(value * 10).toBeCloseTo(Math.round(value * 10), 10);
    expect(total).toBeCloseTo(1.1 + later, 10);
  });

  it('costs more reviews the more often reviews fail', () => {
    expect(forecast(0.3).total).toBeGreaterThan(forecast(0.1).total);
    expect(forecast(0.3).perDay[2]).toBeCloseTo(1.3, 10);
  });
});
