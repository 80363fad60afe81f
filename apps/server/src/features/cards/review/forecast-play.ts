import { Rating, type Card, type FSRS } from 'ts-fsrs';

/** The forecast's window: review times before `end` count, on the day `dayIndex` gives (0 is today). */
export interface ForecastWindow {
  end: number;
  dayIndex: (at: number) => number;
}

/**
 * Failed reviews are followed this many levels deep: a card failed once comes back sooner (relearning, then a short
 * interval) and its reviews after that are played as passed. A second failure on that path is weighted by
 * (1 − retention)², at most 9% at 70%, and following it multiplies the work.
 */
const FAILURES_FOLLOWED = 1;
/** A review is at least a minute after the last (what the queue's learn-ahead would allow anyway). */
const MIN_GAP_MS = 60_000;

/**
 * Adds one card's expected reviews to `perDay`, from its first review at `at` to the window's end. Each review is
 * failed with probability `failRate` (1 − the desired retention: FSRS schedules a card when it has that chance of
 * being remembered). The passed path goes on with that share taken off; the failed one (Again, then passes) carries
 * it, so the expected count is kept whole. Counts are fractions: 0.1 is a review one time in ten.
 */
export function playCard(
  scheduler: FSRS,
  start: Card,
  at: number,
  window: ForecastWindow,
  perDay: number[],
  failRate: number,
  weight = 1,
  failures = 0,
): void {
  let card = start;
  let share = weight;
  while (at < window.end) {
    perDay[window.dayIndex(at)]! += share;
    const now = new Date(at);
    if (failRate > 0 && failures < FAILURES_FOLLOWED) {
      const failed = scheduler.next(card, now, Rating.Again).card;
      const failedAt = Math.max(failed.due.getTime(), at + MIN_GAP_MS);
      playCard(scheduler, failed, failedAt, window, perDay, failRate, share * failRate, failures + 1);
      share *= 1 - failRate;
    }
    card = scheduler.next(card, now, Rating.Good).card;
    at = Math.max(card.due.getTime(), at + MIN_GAP_MS);
  }
}
