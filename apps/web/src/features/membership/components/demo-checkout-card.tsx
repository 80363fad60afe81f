import { Plan } from '@turtle/shared/plans';
import { FlaskConical, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { DemoCheckoutSession } from '@turtle/shared/billing';
import { cancelDemoSession } from '../api/cancel-demo-session';
import { payDemoSession } from '../api/pay-demo-session';
import { useRedirectAction } from '../hooks/use-redirect-action';
import { planPoints } from '../lib/feature-table';
import { periodLabel, usd } from '../lib/price';

/** The open demo checkout: what is bought, for how much, and Pay / Cancel. */
export function DemoCheckoutCard({ session }: { session: DemoCheckoutSession }) {
  const pay = useRedirectAction(payDemoSession, 'The demo payment did not go through. Please try again.');
  const cancel = useRedirectAction(cancelDemoSession, 'The checkout could not be canceled. Please try again.');
  const busy = pay.busy || cancel.busy;
  const period = periodLabel(session.period);
  const price = `${usd(session.amountUsd)}${session.period === 'yearly' ? '/year' : '/month'}`;

  return (
    <section aria-labelledby="checkout-title" className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <div
        role="note"
        className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Demo checkout — no real payment is taken</p>
          <p className="mt-0.5 text-amber-800">
            This stands in for a real payment page. Pay upgrades your account at once; no card is needed.
          </p>
        </div>
      </div>

      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="border-b border-slate-200 px-6 py-5">
          <h1 id="checkout-title" className="text-xl font-bold tracking-tight text-slate-900">
            Checkout
          </h1>
          <p className="mt-1 text-sm text-slate-600">Review your order</p>
        </div>
        <dl className="divide-y divide-slate-100 px-6 text-sm">
          <div className="flex items-center justify-between gap-4 py-4">
            <dt className="text-slate-600">Plan</dt>
            <dd className="flex items-center gap-2 font-semibold text-slate-900">
              Pro
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200">
                {period}
              </span>
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4 py-4">
            <dt className="font-semibold text-slate-900">Due today</dt>
            <dd className="text-2xl font-bold tracking-tight text-slate-900 tabular-nums">{price}</dd>
          </div>
        </dl>
        <div className="border-t border-slate-200 bg-slate-50 px-6 py-5">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Includes</p>
          <ul className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
            {planPoints(Plan.PRO).map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col-reverse gap-3 px-6 py-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" disabled={busy} onClick={() => void cancel.run(session.id)}>
            {cancel.busy && <Spinner />}
            Cancel
          </Button>
          <Button size="lg" className="sm:min-w-40" disabled={busy} onClick={() => void pay.run(session.id)}>
            {pay.busy ? <Spinner /> : <Lock className="size-4" aria-hidden="true" />}
            Pay
          </Button>
        </div>
      </div>
    </section>
  );
}
