import { useState } from 'react';
import type { AdminPerson } from '@turtle/shared/admin';
import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { toast } from '../../../lib/toast';
import { endComplimentary, grantComplimentary } from '../api/admin-calls';

const PEOPLE_KEY = ['admin', 'people'] as const;
const actionClass = 'rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50';

/** "2026-12-31" as the last moment of that day in this browser's zone (ms), or NaN. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).getTime();
const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/**
 * "Give Pro…" until a chosen day, or "End complimentary Pro", for one person (decision 037). Someone who pays for Pro
 * gets neither: their subscription is the payment provider's.
 */
export function ComplimentaryActions({ person, onChanged }: { person: AdminPerson; onChanged: () => void }) {
  const [asking, setAsking] = useState(false);
  const [day, setDay] = useState(() => inDays(30));
  const grant = useServerMutation(() => grantComplimentary(person.id, endOfDay(day)), {
    fallback: 'Pro could not be given. Please try again.',
    invalidates: [PEOPLE_KEY],
    onError: (failure) => toast(errorMessage(failure), 'error'),
  });
  const end = useServerMutation(() => endComplimentary(person.id), {
    fallback: 'The complimentary Pro could not be ended. Please try again.',
    invalidates: [PEOPLE_KEY],
    onError: (failure) => toast(errorMessage(failure), 'error'),
  });
  const pro = effectivePlan(person) === Plan.PRO;

  if (pro && person.complimentary) {
    return (
      <button
        type="button"
        disabled={end.busy}
        onClick={async () => {
          if (!window.confirm(`End ${person.name}'s complimentary Pro now? They go back to Free.`)) return;
          if ((await end.run(undefined)) === undefined) return;
          toast(`${person.name} is on Free again.`);
          onChanged();
        }}
        className={actionClass}
      >
        End complimentary Pro
      </button>
    );
  }
  if (pro) return null;
  return (
    <>
      <button type="button" onClick={() => setAsking(true)} className={actionClass}>
        Give Pro…
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Give ${person.name} Pro?`}
        confirmLabel="Give Pro"
        busy={grant.busy}
        onConfirm={async () => {
          if ((await grant.run(undefined)) === undefined) return;
          setAsking(false);
          toast(`${person.name} has Pro until ${new Date(endOfDay(day)).toLocaleDateString()}.`);
          onChanged();
        }}
        description={
          <>
            Complimentary: nothing is charged, and it does not renew. It ends when the day you choose is over.
            <label className="mt-4 flex flex-col gap-1 font-medium text-slate-700">
              Pro until
              <input
                type="date"
                value={day}
                min={inDays(1)}
                onChange={(event) => setDay(event.target.value)}
                className="rounded-lg border border-slate-300 px-3 py-2 font-normal text-slate-900"
              />
            </label>
          </>
        }
      />
    </>
  );
}
