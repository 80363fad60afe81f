import { useState } from 'react';
import type { AdminPerson } from '@turtle/shared/admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { showAdminFailure } from '../lib/reauth';
import { toast } from '../../../lib/toast';
import { deletePerson } from '../api/admin-calls';

/**
 * "Delete…" for one person (decision 037): the administrator types the person's email to confirm, as a person does
 * for their own account; everything the person owns goes, and a Stripe subscription is cancelled first.
 */
export function DeletePersonAction({ person, onDeleted }: { person: AdminPerson; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useServerMutation(() => deletePerson(person.id, typed), {
    fallback: 'The account could not be deleted. Please try again.',
    invalidates: [['admin', 'people'] as const],
    onError: showAdminFailure,
  });
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="rounded-md px-2 py-1 font-semibold text-red-700 hover:bg-red-50"
      >
        Delete…
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) setTyped('');
        }}
        title={`Delete ${person.name}'s account?`}
        tone="danger"
        confirmLabel="Delete for good"
        busy={remove.busy}
        onConfirm={async () => {
          if ((await remove.run(undefined)) === undefined) return;
          setAsking(false);
          toast(`${person.name}'s account is deleted.`);
          onDeleted();
        }}
        description={
          <>
            Their notes, chats, cards, lessons and sessions go, and a paid subscription is cancelled. This cannot be
            undone.
            <label className="mt-4 flex flex-col gap-1 font-medium text-slate-700">
              Type {person.email} to confirm
              <input
                value={typed}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setTyped(event.target.value)}
                className="rounded-lg border border-slate-300 px-3 py-2 font-normal text-slate-900"
              />
            </label>
          </>
        }
      />
    </>
  );
}
