import { computeParameters, FSRSBinding, type FSRSBindingItem } from '@open-spaced-repetition/binding';
import type { FitMetrics, OptimizerResult } from '@turtle/shared/cards-optimizer';
import { toFsrsItems, type LoggedGrade } from './fsrs-items';

/** The log as the worker receives it: ordered by card, then time. */
export interface OptimizerInput {
  grades: LoggedGrade[];
  /** The weights in use now (FSRS's defaults when the learner has none of their own). */
  current: number[];
}

export interface OptimizerOutcome {
  result: OptimizerResult;
  /** The weights to adopt (fitted on the whole log), when they did better. */
  weights: number[] | null;
}

export type OptimizerMessage =
  | { type: 'progress'; phase: string; progress: number }
  | { type: 'done'; outcome: OptimizerOutcome }
  | { type: 'failed'; message: string };

/** The share of the log (the earliest reviews) the candidate weights are fitted on; the rest judges them. */
export const TRAIN_SHARE = 0.8;

const metrics = (weights: number[], items: FSRSBindingItem[]): FitMetrics => {
  const evaluation = new FSRSBinding(weights).evaluate(items);
  return { logLoss: evaluation.logLoss, rmse: evaluation.rmseBins };
};
const improvement = (before: number, after: number) => Math.round(((before - after) / before) * 1000) / 10;

/**
 * A time-series split: weights fitted on the earlier 80% of the log's items are compared with the current weights
 * on the later 20%, which neither has seen in fitting. Only when the fitted ones predict it better (lower log loss;
 * RMSE is reported beside it) are weights fitted on the whole log adopted. `report` gets the phase and a 0-1 progress.
 */
export async function evaluateOptimization(
  input: OptimizerInput,
  report: (phase: string, progress: number) => void,
  isCancelled: () => boolean = () => false,
): Promise<OptimizerOutcome> {
  report('Reading your reviews', 0.02);
  const items = toFsrsItems(input.grades).sort((a, b) => a.day - b.day);
  const split = Math.floor(items.length * TRAIN_SHARE);
  const train = items.slice(0, split).map((entry) => entry.item);
  const test = items.slice(split).map((entry) => entry.item);
  if (train.length === 0 || test.length === 0) throw new Error('The log has too few reviews on separate days to fit.');
  report('Fitting to your earlier reviews', 0.05);
  const candidate = await computeParameters(train, {
    enableShortTerm: true,
    progress: (done, total) => {
      report('Fitting to your earlier reviews', 0.05 + 0.45 * (total ? done / total : 0));
      return !isCancelled();
    },
  });
  report('Comparing on your later reviews', 0.5);
  const before = metrics(input.current, test);
  const after = metrics(candidate, test);
  const better = after.logLoss < before.logLoss;
  let weights: number[] | null = null;
  if (better) {
    report('Fitting to all your reviews', 0.55);
    weights = await computeParameters(
      items.map((entry) => entry.item),
      {
        enableShortTerm: true,
        progress: (done, total) => {
          report('Fitting to all your reviews', 0.55 + 0.43 * (total ? done / total : 0));
          return !isCancelled();
        },
      },
    );
  }
  report('Done', 1);
  return {
    weights,
    result: {
      reviews: input.grades.length,
      testedReviews: test.length,
      before,
      after,
      adopted: better,
      logLossImprovementPercent: improvement(before.logLoss, after.logLoss),
      rmseImprovementPercent: improvement(before.rmse, after.rmse),
    },
  };
}
