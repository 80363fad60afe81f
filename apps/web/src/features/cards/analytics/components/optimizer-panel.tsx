import type { OptimizerRun } from '@turtle/shared/cards-optimizer';
import { Button } from '../../../../components/ui/button';
import { useServerMutation } from '../../../../lib/query/use-server-mutation';
import { cancelOptimizer, startOptimizer } from '../api/optimizer';
import { showRun, useOptimizer } from '../hooks/use-optimizer';

const fixed = (value: number) => value.toFixed(3);
const asPercent = (value: number) => `${(value * 100).toFixed(1)}%`;

function RunResult({ run }: { run: OptimizerRun }) {
  if (run.status === 'failed' || run.status === 'cancelled') {
    return <p className="text-sm text-slate-700">{run.message ?? 'The run ended. Nothing was changed.'}</p>;
  }
  const result = run.result;
  if (!result) return null;
  const figures = (
    <p className="text-sm text-slate-600 tabular-nums">
      On your latest {result.testedReviews.toLocaleString('en-US')} of {result.reviews.toLocaleString('en-US')} reviews:
      log loss {fixed(result.before.logLoss)} → {fixed(result.after.logLoss)}, RMSE {asPercent(result.before.rmse)} →{' '}
      {asPercent(result.after.rmse)} (current → fitted; lower is better).
    </p>
  );
  return result.adopted ? (
    <div className="flex flex-col gap-1">
      <p className="font-semibold text-teal-800">
        Your schedule is now fitted to you: it predicts your reviews {result.logLossImprovementPercent}% better (log
        loss).
      </p>
      {figures}
    </div>
  ) : (
    <div className="flex flex-col gap-1">
      <p className="font-semibold text-slate-800">
        Kept your current schedule: the fitted one was not better on your later reviews.
      </p>
      {figures}
    </div>
  );
}

/** "Optimize my schedule": starts a fit, shows its progress (polled), then the before/after figures. */
export function OptimizerPanel() {
  const { state, run, error: readError } = useOptimizer();
  // Starting or cancelling a fit: the run it answers is shown at once.
  const changing = useServerMutation(async (change: () => Promise<OptimizerRun>) => showRun(await change()));
  const { error } = changing;

  const start = () => changing.run(startOptimizer);
  const cancel = async () => {
    if (run) await changing.run(() => cancelOptimizer(run.id));
  };

  return (
    <section
      aria-labelledby="optimizer-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
    >
      <div>
        <h2 id="optimizer-title" className="font-semibold text-slate-900">
          Optimize my schedule
        </h2>
        <p className="text-sm text-pretty text-slate-600">
          Fits FSRS to your own review history and keeps the fit only if it predicts your later reviews better than the
          schedule you have now.
          {state &&
            ` You have ${state.reviews.toLocaleString('en-US')} reviews; ${state.personalized ? 'your schedule is already fitted to you.' : 'your schedule uses FSRS’s defaults.'}`}
        </p>
      </div>
      {run?.status === 'running' ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            {run.phase}… {Math.round(run.progress * 100)}%
          </p>
          <div
            role="progressbar"
            aria-label="Fitting progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(run.progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-teal-600 transition-[width]"
              style={{ width: `${Math.round(run.progress * 100)}%` }}
            />
          </div>
          <div>
            <Button variant="ghost" size="sm" onClick={cancel}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {run && <RunResult run={run} />}
          <div>
            <Button onClick={start} disabled={!state}>
              Optimize my schedule
            </Button>
          </div>
        </div>
      )}
      {(error ?? readError) && (
        <p role="alert" className="text-sm text-red-700">
          {error ?? readError}
        </p>
      )}
    </section>
  );
}
