// The fit itself, run only inside the optimizer's child process (`optimizer-child.ts`): this file loads fsrs-rs's
// native code, which the server process never does.
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import type { FitMetrics } from '@turtle/shared/cards-optimizer';
import { isTrainingItem, toFsrsItems, type TrainingItem, type TrainingReview } from './fsrs-items';
import type { OptimizerInput, OptimizerOutcome } from './optimizer-protocol';

/** The share of the log (the earliest reviews) the candidate weights are fitted on; the rest judges them. */
export const TRAIN_SHARE = 0.8;

/**
 * The native items for plain ones. Each is checked first (`isTrainingItem`): an item fsrs-rs cannot take throws here,
 * in JavaScript, instead of panicking in native code. A card's reviews are shared between its items.
 */
export function toBindingItems(items: readonly TrainingItem[]): FSRSBindingItem[] {
  const native = new Map<TrainingReview, FSRSBindingReview>();
  return items.map((item) => {
    if (!isTrainingItem(item)) throw new Error('A review history the fit cannot read was left out too late.');
    return new FSRSBindingItem(
      item.reviews.map((review) => {
        let made = native.get(review);
        if (!made) native.set(review, (made = new FSRSBindingReview(review.rating, review.deltaT)));
        return made;
      }),
    );
  });
}

const TOO_FEW = 'Too few of your reviews fall on separate days to compare schedules yet. Review for a few more days.';

/** fsrs-rs's own refusals, said in the learner's terms. */
function explained(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(/NotEnoughData/.test(message) ? TOO_FEW : message);
}

const finite = (values: number[]) => values.every((value) => Number.isFinite(value));

function metrics(weights: number[], items: FSRSBindingItem[]): FitMetrics {
  const evaluation = new FSRSBinding(weights).evaluate(items);
  const result = { logLoss: evaluation.logLoss, rmse: evaluation.rmseBins };
  if (!finite([result.logLoss, result.rmse])) throw new Error('The fit gave no usable figures.');
  return result;
}
const improvement = (before: number, after: number) =>
  before > 0 ? Math.round(((before - after) / before) * 1000) / 10 : 0;

async function fit(items: FSRSBindingItem[], onProgress: (share: number) => void): Promise<number[]> {
  const weights = await computeParameters(items, {
    enableShortTerm: true,
    progress: (done, total) => {
      onProgress(total ? done / total : 0);
      return true;
    },
  });
  if (!finite(weights)) throw new Error('The fit gave no usable figures.');
  return weights;
}

/**
 * A time-series split: weights fitted on the earlier 80% of the log's items are compared with the current weights
 * on the later 20%, which neither has seen in fitting. Only when the fitted ones predict it better (lower log loss;
 * RMSE is reported beside it) are weights fitted on the whole log adopted. `report` gets the phase and a 0-1 progress.
 */
export async function evaluateOptimization(
  input: OptimizerInput,
  report: (phase: string, progress: number) => void,
): Promise<OptimizerOutcome> {
  report('Reading your reviews', 0.02);
  // Built as Anki builds them, and checked: nothing fsrs-rs would panic on goes further.
  const items = toFsrsItems(input.grades).filter((entry) => isTrainingItem(entry.item));
  const split = Math.floor(items.length * TRAIN_SHARE);
  if (split === 0 || split === items.length) throw new Error(TOO_FEW);
  const all = toBindingItems(items.map((entry) => entry.item));
  const train = all.slice(0, split);
  const test = all.slice(split);
  try {
    report('Fitting to your earlier reviews', 0.05);
    const candidate = await fit(train, (share) => report('Fitting to your earlier reviews', 0.05 + 0.45 * share));
    report('Comparing on your later reviews', 0.5);
    const before = metrics(input.current, test);
    const after = metrics(candidate, test);
    const better = after.logLoss < before.logLoss;
    let weights: number[] | null = null;
    if (better) {
      report('Fitting to all your reviews', 0.55);
      weights = await fit(all, (share) => report('Fitting to all your reviews', 0.55 + 0.43 * share));
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
  } catch (error) {
    throw explained(error);
  }
}
