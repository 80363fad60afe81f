import type { Grade, RecordLogItem } from 'ts-fsrs';
import { studyDayAt, type StudyDay } from '@turtle/shared/cards-day';
import { DAY_MS } from '@turtle/shared/constants';
import { EASY_DAYS_DEFAULT, type CardSettings, type Rating } from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../../db/database';
import { dueReviewsOn } from './due-load';
import { ratingInterval } from './fuzz-range';
import { balanceIntervals, weekdayOf } from './load-balancer';
import { fsrsCardAt, schedulerFor, type CardMemory } from './scheduler';

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
