import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/review/next`: the next card of today's queue (of one deck, or of all), with the counts. */
export function getNextCard(options: { deckId?: string; ahead?: boolean }, signal?: AbortSignal) {
  const query = {
    tz: browserTimeZone(),
    deckId: options.deckId || undefined,
    ahead: options.ahead ? ('1' as const) : undefined,
  };
  return api.call(cardReviewEndpoints.next, { query, signal });
}
