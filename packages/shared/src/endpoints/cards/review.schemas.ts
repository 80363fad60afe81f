import { ForecastQuerySchema } from '../../cards-optimizer';
import { CardSettingsSchema, GradeBodySchema, GradeQuerySchema, NextCardQuerySchema } from '../../cards-review';
import { withInputSchemas } from '../input-schemas';
import { cardReviewEndpoints as entries } from './review';

/** `./review.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardReviewEndpoints = withInputSchemas(entries, {
  next: { query: NextCardQuerySchema },
  grade: { body: GradeBodySchema, query: GradeQuerySchema },
  saveSettings: { body: CardSettingsSchema },
  forecast: { query: ForecastQuerySchema },
});
