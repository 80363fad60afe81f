import { CreditCard } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { createPortalSession } from '../api/create-portal-session';
import { useRedirectAction } from '../hooks/use-redirect-action';

/** Opens Stripe's billing portal (invoices, card, cancellation) for a Stripe-backed Pro member. */
export function ManageBillingButton() {
  const portal = useRedirectAction(createPortalSession, 'The billing portal could not be opened. Please try again.');
  return (
    <Button variant="secondary" size="lg" className="shrink-0" disabled={portal.busy} onClick={() => void portal.run()}>
      {portal.busy ? <Spinner /> : <CreditCard className="size-4" aria-hidden="true" />}
      Manage billing
    </Button>
  );
}
