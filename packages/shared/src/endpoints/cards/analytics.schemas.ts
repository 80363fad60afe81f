import { AnalyticsQuerySchema } from '../../cards-analytics';
import { TimeZoneQuerySchema } from '../../cards-day';
import { RunIdParamsSchema } from '../../cards-optimizer';
import { withInputSchemas } from '../input-schemas';
import { cardAnalyticsEndpoints as entries } from './analytics';

/** `./analytics.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardAnalyticsEndpoints = withInputSchemas(entries, {
  analytics: { query: AnalyticsQuerySchema },
  startOptimizer: { body: TimeZoneQuerySchema },
  run: { params: RunIdParamsSchema },
  cancelRun: { params: RunIdParamsSchema },
});
