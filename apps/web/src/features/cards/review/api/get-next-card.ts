import type { NextCardResponse } from '@turtle/shared/cards-review';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/review/next`: the next card of today's queue (of one deck, or of all), with the counts. */
export function getNextCard(options: { deckId?: string; ahead?: boolean }, signal?: AbortSignal) {
  const query = new URLSearchParams({ tz: browserTimeZone() });
  if (options.deckId) query.set('deckId', options.deckId);
  if (options.ahead) query.set('ahead', '1');
  return api.get<NextCardResponse>(`/api/cards/review/next?${query}`, signal);
}
