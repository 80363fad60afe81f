import { useEffect } from 'react';
import type { OptimizerRun, OptimizerState } from '@turtle/shared/cards-optimizer';
import { errorMessage } from '../../../../lib/error-message';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { getOptimizerRun, getOptimizerState } from '../api/optimizer';
import { cardsChanged } from '../../shared/lib/cards-changed';

const POLL_MS = 500;

/** A run just started or cancelled here: shown at once (a running one is then polled). */
export function showRun(run: OptimizerRun): void {
  queryClient.setQueryData(queryKeys.optimizerRun(run.id), run);
  queryClient.setQueryData<OptimizerState>(queryKeys.optimizer, (state) => state && { ...state, run });
}

/**
 * The optimizer's state (reviews logged, whether the weights are the learner's own, the latest run) and that run,
 * polled every half second while it runs. When it ends the state is read again, and so is everything the fitted
 * weights change (the analytics, the forecast).
 */
export function useOptimizer() {
  const stateQuery = useServerQuery({
    queryKey: queryKeys.optimizer,
    queryFn: ({ signal }) => getOptimizerState(signal),
  });
  const latest = stateQuery.data?.run ?? null;
  const polled = useServerQuery({
    queryKey: queryKeys.optimizerRun(latest?.id ?? ''),
    queryFn: ({ signal }) => getOptimizerRun(latest!.id, signal),
    enabled: latest?.status === 'running',
    initialData: latest ?? undefined,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
  const run = latest && polled.data?.id === latest.id ? polled.data : latest;

  const ended = latest?.status === 'running' && run !== null && run.status !== 'running';
  useEffect(() => {
    if (ended) cardsChanged();
  }, [ended]);

  const failure = stateQuery.error ?? polled.error;
  return { state: stateQuery.data ?? null, run, error: failure ? errorMessage(failure) : null };
}
