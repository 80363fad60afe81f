import type { AnalyticsPeriod } from '@turtle/shared/cards-analytics';
import { cardAnalyticsEndpoints } from '@turtle/shared/endpoints/cards/analytics';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/analytics`: Pro only (403 `proRequired` otherwise). */
export function getAnalytics(days: AnalyticsPeriod, deckId: string | null, signal?: AbortSignal) {
  const query = { days: String(days) as `${AnalyticsPeriod}`, tz: browserTimeZone(), deckId: deckId ?? undefined };
  return api.call(cardAnalyticsEndpoints.analytics, { query, signal });
}
