import { useState } from 'react';
import { SUSPENSION_REASON_MAX, type AdminPerson } from '@turtle/shared/admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { showAdminFailure } from '../lib/reauth';
import { toast } from '../../../lib/toast';
import { restorePerson, suspendPerson } from '../api/admin-calls';

const PEOPLE_KEY = ['admin', 'people'] as const;
const actionClass = 'rounded-md px-2 py-1 font-semibold hover:bg-brand-50 disabled:opacity-50';

/**
 * Suspend (with the reason the person will read when a sign-in is refused) or Restore, for one person of the list
 * (docs/decisions/037-administrators.md "Suspension").
 */
export function SuspensionActions({ person, onChanged }: { person: AdminPerson; onChanged: () => void }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const suspend = useServerMutation(() => suspendPerson(person.id, reason), {
    fallback: 'The account could not be suspended. Please try again.',
    invalidates: [PEOPLE_KEY],
    onError: showAdminFailure,
  });
  const restore = useServerMutation(() => restorePerson(person.id), {
    fallback: 'The account could not be restored. Please try again.',
    invalidates: [PEOPLE_KEY],
    onError: showAdminFailure,
  });

  if (person.suspendedAt !== null) {
    return (
      <button
        type="button"
        disabled={restore.busy}
        onClick={async () => {
          if ((await restore.run(undefined)) === undefined) return;
          toast(`${person.name} can sign in again.`);
          onChanged();
        }}
        className={`${actionClass} text-brand-700`}
      >
        Restore
      </button>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setAsking(true)} className={`${actionClass} text-red-700`}>
        Suspend…
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Suspend ${person.name}?`}
        tone="danger"
        confirmLabel="Suspend"
        busy={suspend.busy}
        onConfirm={async () => {
          if (!reason.trim()) {
            toast('Say why, in a sentence the person will read.', 'error');
            return;
          }
          if ((await suspend.run(undefined)) === undefined) return;
          setAsking(false);
          setReason('');
          toast(`${person.name} is suspended and signed out everywhere.`);
          onChanged();
        }}
        description={
          <>
            They are signed out on every device and cannot sign in until you restore them.
            <label className="mt-4 flex flex-col gap-1 font-medium text-slate-700">
              Reason (shown to them when they try to sign in)
              <textarea
                value={reason}
                maxLength={SUSPENSION_REASON_MAX}
                rows={3}
                onChange={(event) => setReason(event.target.value)}
                className="rounded-lg border border-slate-300 px-3 py-2 font-normal text-slate-900"
              />
            </label>
          </>
        }
      />
    </>
  );
}
