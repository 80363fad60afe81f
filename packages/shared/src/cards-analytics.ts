import { z } from './zod';
import { IdSchema } from './cards';
import { TimeZoneSchema } from './cards-day';

/**
 * Learning analytics (docs/decisions/013-analytics-and-optimizer.md): Pro only. Days are study days
 * (from 4 am in the learner's zone), labelled `YYYY-MM-DD`.
 */
export const ANALYTICS_PERIODS = [30, 90, 365] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** Anki's line: a card whose interval was at least this many days when it was reviewed is mature. */
export const MATURE_INTERVAL_DAYS = 21;
export const FORECAST_DAYS = 30;
export const RETENTION_MONTHS = 12;

export const ANALYTICS_PRO_MESSAGE = 'Learning analytics are part of Pro. Upgrade to see your own.';

export const AnalyticsQuerySchema = z.object({
  deckId: IdSchema.optional(),
  tz: TimeZoneSchema.default('UTC'),
  days: z.enum(['30', '90', '365'], { error: 'Show 30, 90 or 365 days.' }).default('30').transform(Number),
});

export interface DayReviews {
  date: string;
  reviews: number;
  /** Time spent reviewing that day. */
  durationMs: number;
}

export interface MonthRetention {
  /** `YYYY-MM`. */
  month: string;
  /** Reviews of mature cards that were not Again. */
  passed: number;
  /** All reviews of mature cards. */
  total: number;
  /** passed / total, null when there were none. */
  retention: number | null;
}

export interface DayDue {
  date: string;
  /** Cards due that day (the first day also counts the overdue). */
  due: number;
}

export interface SpreadBucket {
  label: string;
  cards: number;
}

export interface CardAnalytics {
  days: AnalyticsPeriod;
  deckId: string | null;
  /** Today's study day. */
  today: string;
  /** One entry a day, oldest first, ending today; days without reviews are 0. */
  reviewsPerDay: DayReviews[];
  /** The last 12 months, oldest first. */
  retentionByMonth: MonthRetention[];
  desiredRetention: number;
  /** The next 30 days, today first. */
  duePerDay: DayDue[];
  /** Cards that have been studied, by stability (days for recall to fall to 90%). */
  stability: SpreadBucket[];
  /** The same cards by FSRS difficulty (1 easiest to 10 hardest). */
  difficulty: SpreadBucket[];
  /** Over the period. */
  time: { reviews: number; totalMs: number; averagePerDayMs: number };
  /** Study days in a row with at least one review, ending today (or yesterday when none yet today). */
  streak: { days: number; reviewedToday: boolean };
}
