import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useConfirmPayment } from '../hooks/use-confirm-payment';

/** /payment/success?cs_id=…: a spinner while the server confirms the payment, then /membership. */
export function PaymentSuccessScreen() {
  const [params] = useSearchParams();
  useConfirmPayment(params.get('cs_id'));
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-24 text-center">
      <Spinner className="size-10 text-brand-700" />
      <p className="text-lg font-semibold text-slate-900">Confirming your payment…</p>
      <p className="max-w-xs text-sm text-slate-600">This takes a moment. Please keep this tab open.</p>
    </div>
  );
}
