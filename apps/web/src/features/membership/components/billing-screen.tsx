import { CalendarDays, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { SubscriptionSummary } from '@turtle/shared/billing';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { queryClient } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { getSubscription } from '../api/get-subscription';
import { refreshStoredUser } from '../hooks/use-refresh-user';
import { formatExpiry, isoDate } from '../lib/membership-view';
import { periodLabel, proPrice } from '../lib/price';
import { BillingHistory } from './billing-history';
import { RenewalButton } from './renewal-button';
import { SwitchPeriodButton } from './switch-period-button';
import { PlanIcon } from './plan-icon';

function Card({ title, titleId, children }: { title: string; titleId: string; children: React.ReactNode }) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl bg-white px-5 py-5 shadow-sm ring-1 ring-slate-200 sm:px-6"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The renewal line: "Renews on …" for a plan that renews, "Ends on …" for one that stops (never "Expires On"). */
function PeriodEnd({ summary }: { summary: SubscriptionSummary }) {
  if (summary.periodEnd === null) return null;
  return (
    <p className="flex items-center gap-2 text-sm">
      <CalendarDays className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
      <span className="text-slate-600">{summary.renews ? 'Renews on' : 'Ends on'}</span>
      <time className="font-semibold text-slate-900" dateTime={isoDate(summary.periodEnd)}>
        {formatExpiry(summary.periodEnd)}
      </time>
    </p>
  );
}

/** /account/billing (decision 018): the plan, when it renews or ends, cancel or resume, switch, and payments. */
export function BillingScreen() {
  const { data: summary, error } = useServerQuery({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => getSubscription(signal),
  });

  const onChanged = (next: SubscriptionSummary) => {
    queryClient.setQueryData(queryKeys.subscription, next);
    void refreshStoredUser().catch(() => undefined);
  };

  if (!summary && error) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
        {errorMessage(error)}
      </p>
    );
  }
  if (!summary) return <PageSpinner />;
  const pro = summary.plan === 'pro';
  const other = summary.period === 'monthly' ? 'yearly' : 'monthly';

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Plan &amp; billing</h1>
        <p className="mt-1 text-sm text-slate-600">
          {summary.provider === 'stripe'
            ? 'Payments are handled by Stripe.'
            : 'Payments here are a demo: no real money moves.'}
        </p>
      </header>

      <Card title="Your plan" titleId="plan-title">
        <div className="flex items-center gap-4">
          <PlanIcon pro={pro} />
          <div>
            <p className="text-xl font-bold text-slate-900" data-testid="plan-name">
              {pro ? 'Pro' : 'Free'}
              {summary.period && (
                <span className="ml-2 align-middle text-sm font-medium text-slate-600">
                  {periodLabel(summary.period)}, {proPrice(summary.period).label}
                </span>
              )}
            </p>
            {!pro && <p className="text-sm text-slate-600">$0/month</p>}
          </div>
        </div>
        <div className="mt-4 flex flex-col gap-3">
          <PeriodEnd summary={summary} />
          {pro && !summary.renews && (
            <p className="text-sm text-slate-600">Your plan is cancelled: it becomes Free after that day.</p>
          )}
          {summary.pastDue && (
            <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Your last payment did not go through. Update your card in the billing portal to keep Pro.
            </p>
          )}
        </div>
        <div className="mt-5 flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:flex-wrap sm:items-center">
          {pro && summary.period ? (
            <>
              <SwitchPeriodButton to={other} payments={summary.provider} onSwitched={onChanged} />
              <RenewalButton summary={summary} onChanged={onChanged} />
            </>
          ) : (
            !pro && (
              <Link to="/pricing" className={buttonClass('primary', 'md')}>
                Upgrade to Pro
              </Link>
            )
          )}
        </div>
      </Card>

      <Card title="Invoices and payment method" titleId="payments-title">
        <BillingHistory summary={summary} />
      </Card>
    </div>
  );
}
