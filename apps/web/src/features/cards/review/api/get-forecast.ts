import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/forecast`: reviews a day over the next 30 days at a desired retention, from the learner's cards. */
export const getForecast = (retention: number, newPerDay: number | undefined, signal?: AbortSignal) =>
  api.call(cardReviewEndpoints.forecast, { query: { retention, tz: browserTimeZone(), newPerDay }, signal });
