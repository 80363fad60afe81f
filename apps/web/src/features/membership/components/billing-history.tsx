import type { SubscriptionSummary } from '@turtle/shared/billing';
import { formatExpiry } from '../lib/membership-view';
import { periodLabel, usd } from '../lib/price';
import { ManageBillingButton } from './manage-billing-button';

/**
 * Invoices and the payment method. With Stripe they live in Stripe's billing portal; the demo has no portal, so it
 * lists its own (pretend) payments and says that no card is kept.
 */
export function BillingHistory({ summary }: { summary: SubscriptionSummary }) {
  if (summary.provider === 'stripe') {
    return summary.portal ? (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">Invoices, receipts and your card are in Stripe’s billing portal.</p>
        <ManageBillingButton />
      </div>
    ) : (
      <p className="text-sm text-slate-600">No invoices yet: they appear here once you subscribe.</p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        Payment method: <span className="font-medium text-slate-900">none</span> — this is the demo checkout, which
        keeps no card and takes no money.
      </p>
      {summary.demoPayments.length === 0 ? (
        <p className="text-sm text-slate-600">No payments yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Demo payments</caption>
          <thead className="text-xs tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-2 font-semibold">
                Date
              </th>
              <th scope="col" className="py-2 font-semibold">
                Plan
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {summary.demoPayments.map((payment) => (
              <tr key={payment.id}>
                <td className="py-2 text-slate-700">{formatExpiry(payment.paidAt)}</td>
                <td className="py-2 text-slate-700">Pro, {periodLabel(payment.period).toLowerCase()}</td>
                <td className="py-2 text-right font-medium text-slate-900 tabular-nums">
                  {usd(payment.amountUsd)} <span className="text-xs font-normal text-slate-500">(demo)</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
