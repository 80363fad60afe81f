import { get_fuzz_range, State, type Grade, type RecordLogItem } from 'ts-fsrs';
import { studyDayAt, type StudyDay } from '@turtle/shared/cards-day';
import { DAY_MS } from '@turtle/shared/constants';
import { EASY_DAYS_DEFAULT, type CardSettings, type Rating } from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../../db/database';
import { dueReviewsOn } from './due-load';
import { balanceIntervals, LOAD_BALANCE_MAX_DAYS, type RatingInterval } from './load-balancer';
import { fsrsCardAt, MAXIMUM_INTERVAL_DAYS, schedulerFor, type CardMemory } from './scheduler';

/** ts-fsrs fuzzes an interval of 2.5 days or more (`apply_fuzz`); it rounds it first, so 3 days or more. */
const FUZZED_FROM_DAYS = 3;

/** Monday 0 … Sunday 6, of a study day labelled `YYYY-MM-DD`. */
const weekdayOf = (day: StudyDay) => (new Date(`${day.label}T00:00:00Z`).getUTCDay() + 6) % 7;

/**
 * A rating's new interval as ts-fsrs fuzzed it and, when it is a review interval fuzz moved (3 to 90 days), the fuzz
 * range it came from: ts-fsrs's own range around the interval without fuzz.
 */
function ratingInterval(item: RecordLogItem, now: number, settings: CardSettings): RatingInterval | undefined {
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

/**
 * A grade at `now` (`gradeAt`), its due day load balanced when the learner keeps balancing on
 * (docs/decisions/043-daily-load.md): within the fuzz range of the new interval, the study day with the fewest of
 * the person's reviews due for its weekday's Easy Days level. One query (the due reviews of the days in reach).
 */
export async function balancedGradeAt(
  db: DbOrTx,
  input: {
    userId: string;
    cardId: string;
    memory: CardMemory;
    settings: CardSettings;
    now: number;
    rating: Rating;
    zone: string;
  },
): Promise<RecordLogItem> {
  const { memory, settings, now, rating, zone } = input;
  const log = schedulerFor(settings).repeat(fsrsCardAt(memory, now, zone), new Date(now));
  const graded = log[rating as Grade];
  if (!settings.loadBalancing || rating === 1) return graded;
  const ratings = ([2, 3, 4] as const)
    .filter((other) => other <= rating)
    .map((other) => ratingInterval(log[other], now, settings));
  const ranges = ratings.flatMap((item) => (item?.range ? [item.range] : []));
  if (ranges.length === 0) return graded;
  const first = Math.min(...ranges.map((range) => range.min));
  const last = Math.max(...ranges.map((range) => range.max));
  // The study day each interval lands on (the due keeps the review's time of day), each day once.
  const days: StudyDay[] = [];
  const dayIndex = new Map<number, number>();
  for (let interval = first; interval <= last; interval++) {
    const day = studyDayAt(now + interval * DAY_MS, zone);
    if (days[days.length - 1]?.label !== day.label) days.push(day);
    dayIndex.set(interval, days.length - 1);
  }
  const due = await dueReviewsOn(db, input.userId, days, input.cardId);
  const easyDays = settings.easyDays ?? EASY_DAYS_DEFAULT;
  const balanced = balanceIntervals(ratings, (interval) => {
    const index = dayIndex.get(interval)!;
    return { due: due[index]!, level: easyDays[weekdayOf(days[index]!)] ?? 'normal' };
  });
  const interval = balanced[balanced.length - 1];
  if (interval === undefined || interval === graded.card.scheduled_days) return graded;
  return { ...graded, card: { ...graded.card, scheduled_days: interval, due: new Date(now + interval * DAY_MS) } };
}
