import type { OptimizerRun, OptimizerState } from '@turtle/shared/cards-optimizer';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/optimizer`: the latest run, the reviews logged and whether the weights are the learner's own. */
export const getOptimizerState = (signal?: AbortSignal) => api.get<OptimizerState>('/api/cards/optimizer', signal);

/** `POST /api/cards/optimizer`: starts a run (or answers the one running). */
export const startOptimizer = async () =>
  (await api.postJson<{ run: OptimizerRun }>('/api/cards/optimizer', { tz: browserTimeZone() })).run;

/** `GET /api/cards/optimizer/{id}`: the run's progress, polled. */
export const getOptimizerRun = async (id: string, signal?: AbortSignal) =>
  (await api.get<{ run: OptimizerRun }>(`/api/cards/optimizer/${encodeURIComponent(id)}`, signal)).run;

/** `POST /api/cards/optimizer/{id}/cancel`. */
export const cancelOptimizer = async (id: string) =>
  (await api.postJson<{ run: OptimizerRun }>(`/api/cards/optimizer/${encodeURIComponent(id)}/cancel`, {})).run;
