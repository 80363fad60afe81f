import { get_fuzz_range, State, type RecordLogItem } from 'ts-fsrs';
import { DAY_MS } from '@turtle/shared/constants';
import { LOAD_BALANCE_MAX_DAYS, type RatingInterval } from './load-balancer';
import { MAXIMUM_INTERVAL_DAYS, schedulerFor, type SchedulerSettings } from './scheduler';

/** ts-fsrs fuzzes an interval of 2.5 days or more (`apply_fuzz`); it rounds it first, so 3 days or more. */
const FUZZED_FROM_DAYS = 3;

/**
 * A grade's new interval as ts-fsrs fuzzed it (`item`, made at `now`) and, when it is a review interval fuzz moved
 * (3 to 90 days), the fuzz range it came from: ts-fsrs's own range around the interval without fuzz
 * (docs/decisions/043-daily-load.md). Undefined for a grade that does not end in review.
 */
export function ratingInterval(
  item: RecordLogItem,
  now: number,
  settings: SchedulerSettings,
): RatingInterval | undefined {
  const { card, log } = item;
  if (card.state !== State.Review) return undefined;
  const fuzzed = card.scheduled_days;
  // A learning step of a day or more lands on its minutes, not on a day; it is kept as it is.
  if (card.due.getTime() !== now + fuzzed * DAY_MS) return { fuzzed };
  const plain = schedulerFor(settings, false).next_interval(card.stability, log.elapsed_days);
  if (plain < FUZZED_FROM_DAYS || plain > LOAD_BALANCE_MAX_DAYS) return { fuzzed };
  const { min_ivl: min, max_ivl: max } = get_fuzz_range(plain, log.elapsed_days, MAXIMUM_INTERVAL_DAYS);
  return { fuzzed, range: { min, max } };
}
