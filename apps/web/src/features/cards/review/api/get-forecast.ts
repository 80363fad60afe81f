import type { LoadForecast } from '@turtle/shared/cards-optimizer';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `GET /api/cards/forecast`: reviews a day over the next 30 days at a desired retention, from the learner's cards. */
export function getForecast(retention: number, newPerDay: number | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ retention: String(retention), tz: browserTimeZone() });
  if (newPerDay !== undefined) query.set('newPerDay', String(newPerDay));
  return api.get<LoadForecast>(`/api/cards/forecast?${query}`, signal);
}
