import { useState } from 'react';
import type { SubscriptionSummary } from '@turtle/shared/billing';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { showAlert } from '../../../lib/alert-store';
import { toast } from '../../../lib/toast';
import { changePeriod } from '../api/change-period';
import { errorMessage } from '../../../lib/error-message';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { periodLabel, proPrice, switchLabel, type BillingPeriod } from '../lib/price';
import { refreshStoredUser } from '../hooks/use-refresh-user';

interface SwitchPeriodButtonProps {
  to: BillingPeriod;
  payments: 'stripe' | 'demo';
  onSwitched?: (summary: SubscriptionSummary) => void;
  className?: string;
  size?: 'md' | 'lg';
}

/** "Switch to yearly — save $X" / "Switch to monthly" for a Pro member, after a confirmation that says what it costs. */
export function SwitchPeriodButton({ to, payments, onSwitched, className, size = 'md' }: SwitchPeriodButtonProps) {
  const [open, setOpen] = useState(false);
  const price = proPrice(to);

  const switching = useServerMutation(
    async () => {
      const summary = await changePeriod(to);
      await refreshStoredUser().catch(() => undefined);
      toast(`Your plan is now billed ${to}.`);
      onSwitched?.(summary);
      setOpen(false);
    },
    { onError: (error) => showAlert(errorMessage(error, 'The plan could not be switched. Please try again.')) },
  );
  const busy = switching.busy;
  const onConfirm = () => switching.run();

  return (
    <>
      <Button variant="secondary" size={size} className={className} onClick={() => setOpen(true)}>
        {switchLabel(to)}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Switch to ${periodLabel(to).toLowerCase()} billing?`}
        description={
          payments === 'stripe'
            ? `Pro becomes ${price.label}, starting today. Stripe credits the unused part of your current period.`
            : `Demo: Pro becomes ${price.label}, starting today. No money moves.`
        }
        confirmLabel={`Switch to ${to}`}
        busy={busy}
        onConfirm={() => void onConfirm()}
      />
    </>
  );
}
