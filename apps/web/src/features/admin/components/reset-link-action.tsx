import { useState } from 'react';
import type { AdminPerson, ResetLinkResponse } from '@turtle/shared/admin';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { showAdminFailure } from '../lib/reauth';
import { toast } from '../../../lib/toast';
import { makeResetLink } from '../api/admin-calls';

const time = (ms: number) => new Date(ms).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/**
 * "Reset link" for one person (decision 037): asks first, then shows the one-time link, which works once and for an
 * hour, to copy and send to the person's own address. It is shown once: the server keeps only its hash.
 */
export function ResetLinkAction({ person, onMade }: { person: AdminPerson; onMade: () => void }) {
  const [asking, setAsking] = useState(false);
  const [link, setLink] = useState<(ResetLinkResponse & { url: string }) | null>(null);
  const make = useServerMutation(() => makeResetLink(person.id), {
    fallback: 'The link could not be made. Please try again.',
    onError: showAdminFailure,
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!.url);
      toast('Link copied.');
    } catch {
      toast('Copying was refused here: select the link and copy it.', 'error');
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className="rounded-md px-2 py-1 font-semibold text-brand-700 hover:bg-brand-50"
      >
        Reset link
      </button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Make a password reset link for ${person.name}?`}
        description={`Whoever opens it can set ${person.name}'s password within the hour, once. Send it only to ${person.email}. A link made before stops working.`}
        confirmLabel="Make link"
        busy={make.busy}
        onConfirm={async () => {
          const made = await make.run(undefined);
          if (!made) return;
          setAsking(false);
          setLink({ ...made, url: `${window.location.origin}${made.path}` });
          onMade();
        }}
      />
      <ConfirmDialog
        open={link !== null}
        onOpenChange={(open) => !open && setLink(null)}
        title={`Reset link for ${person.name}`}
        cancelLabel="Close"
        confirmLabel="Copy link"
        onConfirm={() => void copy()}
        description={
          <>
            It works once, until {link && time(link.expiresAt)}, and is shown only now.
            <label className="mt-4 flex flex-col gap-1 font-medium text-slate-700">
              Link
              <input
                readOnly
                value={link?.url ?? ''}
                onFocus={(event) => event.target.select()}
                className="rounded-lg border border-slate-300 px-3 py-2 font-mono text-xs font-normal text-slate-900"
              />
            </label>
          </>
        }
      />
    </>
  );
}
