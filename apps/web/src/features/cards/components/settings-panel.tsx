import { useEffect, useState, type FormEvent } from 'react';
import { CardSettingsSchema, DESIRED_RETENTION_MAX, DESIRED_RETENTION_MIN } from '@turtle/shared/cards-review';
import { Button } from '../../../components/ui/button';
import { errorMessage, isAbort } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { getCardSettings, saveCardSettings } from '../api/card-settings';
import { RetentionForecast } from './retention-forecast';

const inputClass = 'h-10 w-28 rounded-lg border border-slate-300 bg-white px-3 text-sm tabular-nums';

type Editable = 'desiredRetention' | 'newPerDay' | 'reviewsPerDay';

/** Desired retention (0.70 to 0.97) and the day's limits; the day starts at 4 am where the browser is. */
export function SettingsPanel() {
  const [settings, setSettings] = useState<Record<Editable, string> | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getCardSettings(controller.signal)
      .then((loaded) => {
        setSaved(loaded.desiredRetention);
        setSettings({
          desiredRetention: String(loaded.desiredRetention),
          newPerDay: String(loaded.newPerDay),
          reviewsPerDay: String(loaded.reviewsPerDay),
        });
      })
      .catch((caught: unknown) => !isAbort(caught) && setError(errorMessage(caught)));
    return () => controller.abort();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    const parsed = CardSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the settings.');
      return;
    }
    setBusy(true);
    try {
      await saveCardSettings(parsed.data);
      setSaved(parsed.data.desiredRetention);
      setError(null);
      toast('Review settings saved.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: Editable, label: string, props: Record<string, number>) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        type="number"
        className={inputClass}
        value={settings?.[key] ?? ''}
        onChange={(event) => settings && setSettings({ ...settings, [key]: event.target.value })}
        {...props}
      />
    </label>
  );

  return (
    <details className="rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 sm:px-5">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">Review settings</summary>
      {settings ? (
        <form onSubmit={save} className="mt-4 flex flex-col gap-4" noValidate>
          <div className="flex flex-wrap gap-4">
            {field('desiredRetention', 'Desired retention', {
              min: DESIRED_RETENTION_MIN,
              max: DESIRED_RETENTION_MAX,
              step: 0.01,
            })}
            {field('newPerDay', 'New cards a day', { min: 0, max: 9999, step: 1 })}
            {field('reviewsPerDay', 'Reviews a day', { min: 0, max: 9999, step: 1 })}
          </div>
          <input
            type="range"
            aria-label="Desired retention slider"
            min={DESIRED_RETENTION_MIN}
            max={DESIRED_RETENTION_MAX}
            step={0.01}
            value={settings.desiredRetention}
            onChange={(event) => setSettings({ ...settings, desiredRetention: event.target.value })}
            className="w-full max-w-md accent-brand-700"
          />
          {saved !== null && (
            <RetentionForecast retention={settings.desiredRetention} saved={saved} newPerDay={settings.newPerDay} />
          )}
          <p className="text-xs text-pretty text-slate-500">
            Cards are scheduled with FSRS-6. A higher retention means you forget less and review more. Your day starts
            at 4 am in your own time zone.
          </p>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" variant="secondary" size="sm" disabled={busy}>
              Save settings
            </Button>
          </div>
        </form>
      ) : (
        error && <p className="mt-3 text-sm text-red-700">{error}</p>
      )}
    </details>
  );
}
