import { studyDayIndex, type StudyDay } from '@turtle/shared/cards-day';
import type { EasyDayLevel } from '@turtle/shared/cards-review';
import { DAY_MS } from '@turtle/shared/constants';

/**
 * Load balancing and Easy Days (docs/decisions/043-daily-load.md), as pure functions: given a review's fuzz range and
 * the due reviews on each study day of it, the day to put the card on.
 */

/** Beyond this interval the day a card lands on matters little, and it is not balanced (Anki's limit too). */
export const LOAD_BALANCE_MAX_DAYS = 90;

/**
 * How much of a day's share of the load each level takes. A Minimum day is not 0 so that, when every day in reach
 * is Minimum, the lightest of them still wins.
 */
export const EASY_DAY_LOAD: Record<EasyDayLevel, number> = { normal: 1, reduced: 0.5, minimum: 0.0001 };

/** A candidate day: its interval in days, the reviews already due on it, and its weekday's level. */
export interface CandidateDay {
  days: number;
  due: number;
  level: EasyDayLevel;
}

/** A fuzz range, in whole days from the review, both ends included. */
export interface DayRange {
  min: number;
  max: number;
}

/**
 * The day, within `candidates` (one fuzz range), with the lightest load for its level: the fewest due reviews
 * (counting the card itself) divided by the level's share, so a Reduced day fills to about half of a Normal one
 * and a Minimum day only takes a card when every day in reach is Minimum. Ties go to the day nearest `fuzzed` (the
 * day plain fuzz picked: on an empty calendar balancing changes nothing), then to the earlier day. Deterministic.
 */
export function lightestDay(candidates: CandidateDay[], fuzzed: number): number {
  let best: { days: number; cost: number } | undefined;
  for (const day of candidates) {
    const cost = (day.due + 1) / EASY_DAY_LOAD[day.level];
    if (
      !best ||
      cost < best.cost ||
      (cost === best.cost && Math.abs(day.days - fuzzed) < Math.abs(best.days - fuzzed))
    ) {
      best = { days: day.days, cost };
    }
  }
  return best?.days ?? fuzzed;
}

/**
 * A rating's new interval as plain fuzz gave it (`fuzzed`, whole days) and, when it may be balanced, its fuzz range.
 * A rating without a range keeps its interval but still bounds the next one.
 */
export interface RatingInterval {
  fuzzed: number;
  range?: DayRange;
}

/**
 * Balances Hard, Good and Easy in that order, each within its own fuzz range and above the one before (as ts-fsrs
 * keeps Hard < Good < Easy): a rating whose range lies wholly at or below the previous interval takes the day after
 * it. `undefined` stands for a rating that is not a review (a learning step): it bounds nothing. `dayAt(days)` tells
 * the due reviews and the level of the study day `days` from the review.
 */
export function balanceIntervals(
  ratings: (RatingInterval | undefined)[],
  dayAt: (days: number) => { due: number; level: EasyDayLevel },
): (number | undefined)[] {
  let previous = 0;
  return ratings.map((rating) => {
    if (!rating) return undefined;
    let days = rating.fuzzed;
    if (rating.range) {
      const min = Math.max(rating.range.min, previous + 1);
      if (min > rating.range.max) days = Math.max(rating.fuzzed, previous + 1);
      else {
        const candidates: CandidateDay[] = [];
        for (let day = min; day <= rating.range.max; day++) candidates.push({ days: day, ...dayAt(day) });
        days = lightestDay(candidates, rating.fuzzed);
      }
    }
    previous = days;
    return days;
  });
}

/** Monday 0 … Sunday 6, of a study day labelled `YYYY-MM-DD` (the order of the Easy Days setting). */
export const weekdayOf = (day: Pick<StudyDay, 'label'>) => (new Date(`${day.label}T00:00:00Z`).getUTCDay() + 6) % 7;

/** A due date computed without the person's calendar: the review time, the interval fuzz gave and its range. */
export interface PlacedReview {
  at: number;
  fuzzed: number;
  range: DayRange;
}

/**
 * Places due dates computed together (an import's replayed cards) one after the other, each on the lightest study day
 * of its fuzz range as a grade would be (`lightestDay`), counting the ones placed before it. `days` are consecutive
 * study days from today and `due` the reviews due on each (today's with the overdue ones), which this adds to. A day
 * before today counts as today, where its reviews will be; a day past the last is not a candidate. The intervals
 * chosen, in order.
 */
export function balanceBatch(
  reviews: PlacedReview[],
  days: StudyDay[],
  due: number[],
  easyDays: EasyDayLevel[],
): number[] {
  const levels = days.map((day) => easyDays[weekdayOf(day)] ?? 'normal');
  return reviews.map(({ at, fuzzed, range }) => {
    const candidates: (CandidateDay & { index: number })[] = [];
    for (let interval = range.min; interval <= range.max; interval++) {
      const index = Math.max(0, studyDayIndex(days, at + interval * DAY_MS));
      if (index < days.length) candidates.push({ days: interval, due: due[index]!, level: levels[index]!, index });
    }
    if (!candidates.some((day) => day.days === fuzzed)) return fuzzed;
    const chosen = lightestDay(candidates, fuzzed);
    due[candidates.find((day) => day.days === chosen)!.index]! += 1;
    return chosen;
  });
}
