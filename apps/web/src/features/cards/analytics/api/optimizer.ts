import { cardAnalyticsEndpoints } from '@turtle/shared/endpoints/cards/analytics';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/optimizer`: the latest run, the reviews logged and whether the weights are the learner's own. */
export const getOptimizerState = (signal?: AbortSignal) => api.call(cardAnalyticsEndpoints.optimizer, { signal });

/** `POST /api/cards/optimizer`: starts a run (or answers the one running). */
export const startOptimizer = async () =>
  (await api.call(cardAnalyticsEndpoints.startOptimizer, { body: { tz: browserTimeZone() } })).run;

/** `GET /api/cards/optimizer/{id}`: the run's progress, polled. */
export const getOptimizerRun = async (id: string, signal?: AbortSignal) =>
  (await api.call(cardAnalyticsEndpoints.run, { params: { id }, signal })).run;

/** `POST /api/cards/optimizer/{id}/cancel`. */
export const cancelOptimizer = async (id: string) =>
  (await api.call(cardAnalyticsEndpoints.cancelRun, { params: { id } })).run;
