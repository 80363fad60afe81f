import type { AnalyticsQuerySchema, CardAnalytics } from '../../cards-analytics';
import type { TimeZoneQuerySchema } from '../../cards-day';
import type { OptimizerRun, OptimizerState, RunIdParamsSchema } from '../../cards-optimizer';
import { defineEndpoints, shapes } from '../endpoint';

type RunResponse = { run: OptimizerRun };

/** docs/api.md "Flashcards": the analytics and the optimizer (Pro only). */
export const cardAnalyticsEndpoints = defineEndpoints({
  analytics: {
    method: 'GET',
    path: '/api/cards/analytics',
    shapes: shapes<{ query: typeof AnalyticsQuerySchema; response: CardAnalytics }>(),
  },
  optimizer: { method: 'GET', path: '/api/cards/optimizer', shapes: shapes<{ response: OptimizerState }>() },
  /** 202 with the run (a running one if there is one). */
  startOptimizer: {
    method: 'POST',
    path: '/api/cards/optimizer',
    encoding: 'json',
    shapes: shapes<{ body: typeof TimeZoneQuerySchema; response: RunResponse }>(),
  },
  run: {
    method: 'GET',
    path: '/api/cards/optimizer/:id',
    shapes: shapes<{ params: typeof RunIdParamsSchema; response: RunResponse }>(),
  },
  /** Sent with an empty JSON body. */
  cancelRun: {
    method: 'POST',
    path: '/api/cards/optimizer/:id/cancel',
    encoding: 'json',
    shapes: shapes<{ params: typeof RunIdParamsSchema; response: RunResponse }>(),
  },
});
