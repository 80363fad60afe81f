import type { AnalyticsPeriod, CardAnalytics } from '@turtle/shared/cards-analytics';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/analytics`: Pro only (403 `proRequired` otherwise). */
export function getAnalytics(days: AnalyticsPeriod, deckId: string | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ days: String(days), tz: browserTimeZone() });
  if (deckId) query.set('deckId', deckId);
  return api.get<CardAnalytics>(`/api/cards/analytics?${query}`, signal);
}
