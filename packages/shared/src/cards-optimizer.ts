import { z } from './zod';
import { TimeZoneSchema } from './cards-day';
import { CARDS_PER_DAY_MAX, DESIRED_RETENTION_MAX, DESIRED_RETENTION_MIN } from './cards-review';

/**
 * "Optimize my schedule" (docs/decisions/013-analytics-and-optimizer.md): FSRS weights fitted to the
 * learner's own log, adopted only when they predict the later part of the log better than the current ones.
 */
export const OPTIMIZER_MIN_REVIEWS = 400;

export function notEnoughReviewsMessage(have: number): string {
  const more = OPTIMIZER_MIN_REVIEWS - have;
  return (
    `Optimizing needs at least ${OPTIMIZER_MIN_REVIEWS} reviews; you have ${have.toLocaleString('en-US')}. ` +
    `Review ${more.toLocaleString('en-US')} more and try again.`
  );
}

export const OPTIMIZER_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;
export type OptimizerStatus = (typeof OPTIMIZER_STATUSES)[number];

/** How well a set of weights predicts recall: lower is better for both. */
export interface FitMetrics {
  logLoss: number;
  rmse: number;
}

export interface OptimizerResult {
  /** Reviews read from the log. */
  reviews: number;
  /** Reviews in the later part of the log both sets were compared on. */
  testedReviews: number;
  /** The weights in use before, on the later part of the log. */
  before: FitMetrics;
  /** The weights fitted on the earlier part, on the same later part. */
  after: FitMetrics;
  /** Whether the fitted weights are now the learner's. */
  adopted: boolean;
  /** How much lower the log loss is, in percent of the old one (negative when worse). */
  logLossImprovementPercent: number;
  rmseImprovementPercent: number;
}

export interface OptimizerRun {
  id: string;
  status: OptimizerStatus;
  /** What it is doing: "Reading your reviews", "Fitting", ... */
  phase: string;
  progress: number;
  result: OptimizerResult | null;
  /** Why it failed, when it did. */
  message: string | null;
  createdAt: number;
}

export interface OptimizerState {
  /** The latest run, if any. */
  run: OptimizerRun | null;
  reviews: number;
  minReviews: number;
  /** Whether the learner's scheduler uses fitted weights. */
  personalized: boolean;
}

export const RunIdParamsSchema = z.object({ id: z.string().min(1, 'Send a run id.').max(100) });

/** `GET /api/cards/forecast?retention=0.85&tz=…`: reviews a day over the next 30 days at that retention. */
export const ForecastQuerySchema = z.object({
  retention: z.coerce
    .number({ error: 'Desired retention must be a number.' })
    .min(DESIRED_RETENTION_MIN, `Desired retention is between ${DESIRED_RETENTION_MIN} and ${DESIRED_RETENTION_MAX}.`)
    .max(DESIRED_RETENTION_MAX, `Desired retention is between ${DESIRED_RETENTION_MIN} and ${DESIRED_RETENTION_MAX}.`),
  tz: TimeZoneSchema.default('UTC'),
  newPerDay: z.coerce.number().int().min(0).max(CARDS_PER_DAY_MAX).optional(),
});

export interface LoadForecast {
  retention: number;
  /** Reviews expected on each of the next 30 study days, today first. */
  perDay: { date: string; reviews: number }[];
  averagePerDay: number;
}
