import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DESIRED_RETENTION_MAX, DESIRED_RETENTION_MIN } from '@turtle/shared/cards-review';
import { errorMessage } from '../../../../lib/error-message';
import { queryKeys } from '../../../../lib/query/query-keys';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { getForecast } from '../api/get-forecast';

const WAIT_MS = 300;
const perDay = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} reviews a day`;

/** The load at one retention; while another is asked for, the last answer stays on screen. */
const useForecast = (retention: number | undefined, newPerDay: number | undefined) =>
  useServerQuery({
    queryKey: queryKeys.forecast(retention ?? 0, newPerDay),
    queryFn: ({ signal }) => getForecast(retention!, newPerDay, signal),
    enabled: typeof retention === 'number',
    placeholderData: keepPreviousData,
  });

/**
 * What a desired retention will cost, before it is saved: the reviews a day over the next 30 days from the learner's
 * own cards, at the retention being chosen and at the saved one.
 */
export function RetentionForecast({
  retention,
  saved,
  newPerDay,
}: {
  retention: string;
  saved: number;
  newPerDay: string;
}) {
  const value = Number(retention);
  const newCards = Number(newPerDay);
  const valid = Number.isFinite(value) && value >= DESIRED_RETENTION_MIN && value <= DESIRED_RETENTION_MAX;
  const newValid = Number.isInteger(newCards) && newCards >= 0 && newCards <= 9999;

  // Asked once the field has been still for a moment, not at every keystroke or step of the slider.
  const [asked, setAsked] = useState<{ retention: number; newPerDay: number | undefined } | null>(null);
  useEffect(() => {
    if (!valid) return;
    const timer = setTimeout(() => setAsked({ retention: value, newPerDay: newValid ? newCards : undefined }), WAIT_MS);
    return () => clearTimeout(timer);
  }, [value, valid, newCards, newValid]);

  const chosen = useForecast(asked?.retention, asked?.newPerDay);
  const current = useForecast(asked ? saved : undefined, asked?.newPerDay);
  const failure = chosen.error ?? current.error;

  if (!valid) return null;
  if (failure) return <p className="text-sm text-red-700">{errorMessage(failure)}</p>;
  if (!chosen.data || !current.data) return <p className="text-sm text-slate-500">Working out your daily load…</p>;
  const forecast = { chosen: chosen.data, saved: current.data };
  const peak = Math.max(...forecast.chosen.perDay.map((day) => day.reviews));
  return (
    <p className="text-sm text-pretty text-slate-700" aria-live="polite" data-testid="retention-forecast">
      At {Math.round(forecast.chosen.retention * 100)}%: about <strong>{perDay(forecast.chosen.averagePerDay)}</strong>{' '}
      over the next 30 days (busiest day {peak.toLocaleString('en-US')}), from your own cards
      {forecast.chosen.retention !== forecast.saved.retention &&
        `; ${perDay(forecast.saved.averagePerDay)} at your saved ${Math.round(forecast.saved.retention * 100)}%`}
      .
    </p>
  );
}
