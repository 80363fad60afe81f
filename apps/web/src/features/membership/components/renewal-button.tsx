import { useState } from 'react';
import type { SubscriptionSummary } from '@turtle/shared/billing';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { showAlert } from '../../../lib/alert-store';
import { toast } from '../../../lib/toast';
import { setRenewal } from '../api/set-renewal';
import { errorMessage } from '../../../lib/error-message';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { formatExpiry } from '../lib/membership-view';

/** "Cancel plan" (at the period's end, after a confirmation) or "Resume plan" for a cancelled one. */
export function RenewalButton({
  summary,
  onChanged,
}: {
  summary: SubscriptionSummary;
  onChanged: (summary: SubscriptionSummary) => void;
}) {
  const [open, setOpen] = useState(false);
  const end = summary.periodEnd === null ? null : formatExpiry(summary.periodEnd);

  const renewal = useServerMutation(
    async (renew: boolean) => {
      const next = await setRenewal(renew);
      onChanged(next);
      setOpen(false);
      toast(renew ? 'Your plan will renew.' : `Your plan is cancelled. Pro stays until ${end ?? 'the period ends'}.`);
    },
    { onError: (error) => showAlert(errorMessage(error, 'The plan could not be changed. Please try again.')) },
  );
  const busy = renewal.busy;
  const change = renewal.run;

  if (!summary.renews) {
    return (
      <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void change(true)}>
        {busy && <Spinner />}
        Resume plan
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setOpen(true)}>
        Cancel plan
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel Pro?"
        description={`You keep Pro until ${end ?? 'the end of this period'}; then your plan becomes Free and nothing more is charged. You can resume until then.`}
        cancelLabel="Keep Pro"
        confirmLabel="Cancel at period end"
        tone="danger"
        busy={busy}
        onConfirm={() => void change(false)}
      />
    </>
  );
}
