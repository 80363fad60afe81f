import * as cardsAnalytics from '../../cards-analytics';
import * as cardsDay from '../../cards-day';
import * as cardsOptimizer from '../../cards-optimizer';
import { withInputSchemas } from '../input-schemas';
import { cardAnalyticsEndpoints as entries } from './analytics';

/** `./analytics.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardAnalyticsEndpoints = withInputSchemas(entries, {
  analytics: { query: cardsAnalytics.AnalyticsQuerySchema },
  startOptimizer: { body: cardsDay.TimeZoneQuerySchema },
  run: { params: cardsOptimizer.RunIdParamsSchema },
  cancelRun: { params: cardsOptimizer.RunIdParamsSchema },
});
