import type { AnalyticsQuerySchema, CardAnalytics } from '../../cards-analytics';
import type { TimeZoneQuerySchema } from '../../cards-day';
import type { OptimizerRun, OptimizerState, RunIdParamsSchema } from '../../cards-optimizer';
import { endpointTable, get, post } from '../endpoint';

type RunResponse = { run: OptimizerRun };

/** docs/api.md "Flashcards": the analytics and the optimizer (Pro only). */
export const cardAnalyticsEndpoints = endpointTable<CardAnalyticsShapes>()({
  analytics: get('/api/cards/analytics'),
  optimizer: get('/api/cards/optimizer'),
  /** 202 with the run (a running one if there is one). */
  startOptimizer: post('/api/cards/optimizer', { encoding: 'json' }),
  run: get('/api/cards/optimizer/:id'),
  /** Sent with an empty JSON body. */
  cancelRun: post('/api/cards/optimizer/:id/cancel', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type CardAnalyticsShapes = {
  analytics: { query: typeof AnalyticsQuerySchema; response: CardAnalytics };
  optimizer: { response: OptimizerState };
  startOptimizer: { body: typeof TimeZoneQuerySchema; response: RunResponse };
  run: { params: typeof RunIdParamsSchema; response: RunResponse };
  cancelRun: { params: typeof RunIdParamsSchema; response: RunResponse };
};
