import { useState, type FormEvent } from 'react';
import {
  CardSettingsSchema,
  DESIRED_RETENTION_MAX,
  DESIRED_RETENTION_MIN,
  type CardSettings,
} from '@turtle/shared/cards-review';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/error-message';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { refuseInput, useServerMutation } from '../../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { toast } from '../../../../lib/toast';
import { getCardSettings, saveCardSettings } from '../api/card-settings';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { DailyLoadFields, type DailyLoad } from './daily-load-fields';
import { RetentionForecast } from './retention-forecast';

const inputClass = 'h-10 w-28 rounded-lg border border-slate-300 bg-white px-3 text-sm tabular-nums';

type Editable = 'desiredRetention' | 'newPerDay' | 'reviewsPerDay';

/**
 * Desired retention (0.70 to 0.97), the day's limits and the daily load (docs/decisions/043-daily-load.md); the day
 * starts at 4 am where the browser is.
 */
export function SettingsPanel() {
  const loaded = useServerQuery({
    queryKey: queryKeys.cardSettings,
    queryFn: ({ signal }) => getCardSettings(signal),
    // The form starts from what it reads: never from an earlier visit's copy.
    gcTime: 0,
  });
  return (
    <details className="rounded-2xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 sm:px-5">
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">Review settings</summary>
      {loaded.data ? (
        <SettingsForm loaded={loaded.data} />
      ) : (
        loaded.isError && <p className="mt-3 text-sm text-red-700">{errorMessage(loaded.error)}</p>
      )}
    </details>
  );
}

function SettingsForm({ loaded }: { loaded: CardSettings }) {
  const [settings, setSettings] = useState<Record<Editable, string>>({
    desiredRetention: String(loaded.desiredRetention),
    newPerDay: String(loaded.newPerDay),
    reviewsPerDay: String(loaded.reviewsPerDay),
  });
  const [load, setLoad] = useState<DailyLoad>({
    loadBalancing: loaded.loadBalancing,
    easyDays: loaded.easyDays,
    reviewOrder: loaded.reviewOrder,
  });
  const [saved, setSaved] = useState(loaded.desiredRetention);
  const saving = useServerMutation(async (typed: Record<Editable, string> & DailyLoad) => {
    const parsed = CardSettingsSchema.safeParse(typed);
    if (!parsed.success) refuseInput(parsed.error.issues[0]?.message ?? 'Check the settings.');
    queryClient.setQueryData(queryKeys.cardSettings, await saveCardSettings(parsed.data));
    setSaved(parsed.data.desiredRetention);
    // The day's limits change what is due today.
    cardsChanged();
    toast('Review settings saved.');
  });
  const { error, busy } = saving;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    await saving.run({ ...settings, ...load });
  };

  const field = (key: Editable, label: string, props: Record<string, number>) => (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        type="number"
        className={inputClass}
        value={settings[key]}
        onChange={(event) => setSettings({ ...settings, [key]: event.target.value })}
        {...props}
      />
    </label>
  );

  return (
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
      <RetentionForecast retention={settings.desiredRetention} saved={saved} newPerDay={settings.newPerDay} />
      <DailyLoadFields value={load} onChange={setLoad} />
      <p className="text-xs text-pretty text-slate-500">
        Cards are scheduled with FSRS-6. A higher retention means you forget less and review more. Your day starts at 4
        am in your own time zone.
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
  );
}
