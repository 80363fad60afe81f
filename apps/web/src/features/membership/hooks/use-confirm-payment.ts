import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { useTurtleStore } from '../../../lib/turtle-store';
import { handlePaymentSuccess } from '../api/handle-payment-success';

export const THANK_YOU = 'Thank you for subscribing!';
const NO_SESSION = 'The payment link has no checkout session.';

/**
 * product.md §2 "Payment success": ask the server to verify the checkout session, keep the user it answers and thank
 * them; on failure it is only logged (product.md §8), and the membership page shows the plan as it is. Either way, end
 * on /membership. Runs once per
 * checkout session and page load, even when the screen mounts twice (StrictMode, a guard showing its spinner). A
 * second purchase refunded by the server (decision 018) is told in a toast after the thanks.
 */
const confirming = new Set<string | null>();

export function useConfirmPayment(csId: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (confirming.has(csId)) return;
    confirming.add(csId);
    const confirm = csId
      ? handlePaymentSuccess(csId).then(({ user, notice }) => {
          useTurtleStore.getState().setUser(user);
          toast(THANK_YOU);
          if (notice) toast(notice, 'info');
        })
      : Promise.reject(new Error(NO_SESSION));
    confirm
      .catch((error: unknown) => console.error('Payment confirmation failed', error))
      .finally(() => void navigate('/membership', { replace: true }));
  }, [csId, navigate]);
}
