import * as cardsOptimizer from '../../cards-optimizer';
import * as cardsReview from '../../cards-review';
import { withInputSchemas } from '../input-schemas';
import { cardReviewEndpoints as entries } from './review';

/** `./review.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardReviewEndpoints = withInputSchemas(entries, {
  next: { query: cardsReview.NextCardQuerySchema },
  grade: { body: cardsReview.GradeBodySchema },
  saveSettings: { body: cardsReview.CardSettingsSchema },
  forecast: { query: cardsOptimizer.ForecastQuerySchema },
});
