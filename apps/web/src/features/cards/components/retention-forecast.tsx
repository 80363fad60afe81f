import { useEffect, useState } from 'react';
import { DESIRED_RETENTION_MAX, DESIRED_RETENTION_MIN } from '@turtle/shared/cards-review';
import type { LoadForecast } from '@turtle/shared/cards-optimizer';
import { errorMessage, isAbort } from '../../../lib/error-message';
import { getForecast } from '../api/get-forecast';

const WAIT_MS = 300;
const perDay = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} reviews a day`;

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
  const [forecast, setForecast] = useState<{ chosen: LoadForecast; saved: LoadForecast } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = Number(retention);
  const newCards = Number(newPerDay);
  const valid = Number.isFinite(value) && value >= DESIRED_RETENTION_MIN && value <= DESIRED_RETENTION_MAX;
  const newValid = Number.isInteger(newCards) && newCards >= 0 && newCards <= 9999;

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const cards = newValid ? newCards : undefined;
      Promise.all([getForecast(value, cards, controller.signal), getForecast(saved, cards, controller.signal)])
        .then(([chosen, current]) => {
          setForecast({ chosen, saved: current });
          setError(null);
        })
        .catch((caught: unknown) => !isAbort(caught) && setError(errorMessage(caught)));
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, saved, valid, newCards, newValid]);

  if (!valid) return null;
  if (error) return <p className="text-sm text-red-700">{error}</p>;
  if (!forecast) return <p className="text-sm text-slate-500">Working out your daily load…</p>;
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
