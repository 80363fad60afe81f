import type { PublicConfig } from '@turtle/shared/app-config';
import { effectivePlan } from '@turtle/shared/entitlements';
import type { Membership } from '@turtle/shared/membership';
import { Plan, Subscription } from '@turtle/shared/plans';
import { ArrowRight, CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { planPoints } from '../lib/feature-table';
import { proUpsell } from '../lib/feature-table';
import { yearlyPerMonth } from '../lib/price';
import { formatExpiry, hasLapsed, isoDate, isUpgradable, subscriptionLabel } from '../lib/membership-view';
import { ManageBillingButton } from './manage-billing-button';
import { PlanIcon } from './plan-icon';

function Badge({ children, tone }: { children: string; tone: 'brand' | 'slate' | 'outline' }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tone === 'brand' && 'bg-brand-700 text-white',
        tone === 'slate' && 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
        tone === 'outline' && 'bg-white text-brand-800 ring-1 ring-brand-200',
      )}
    >
      {children}
    </span>
  );
}

interface MembershipCardProps {
  membership: Membership;
  payments: PublicConfig['payments'];
  /** The time the page opened (ms): an expired Pro shows as Free. */
  now: number;
  /** Whether the plan renews at `expireAt` (from Plan & billing's summary); null until known. */
  renews: boolean | null;
  /** Pro given by Turtle's team, not paid for (decision 037). */
  complimentary?: boolean;
}

/** product.md §2 "Membership": the plan, its badges and renewal or end date, and the way to change it. */
export function MembershipCard({ membership, payments, now, renews, complimentary = false }: MembershipCardProps) {
  const pro = effectivePlan(membership, now) === Plan.PRO;
  const upgradable = isUpgradable(membership, now);
  const lapsed = hasLapsed(membership, now);
  const expiry = formatExpiry(membership.expireAt);

  return (
    <section aria-labelledby="membership-title" className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <div
          className={cn(
            'flex items-center gap-4 px-6 py-6 sm:px-8',
            pro ? 'bg-linear-to-br from-brand-50 via-white to-white' : 'bg-slate-50/60',
          )}
        >
          <PlanIcon pro={pro} />
          <div className="min-w-0 flex-1">
            <h1 id="membership-title" className="text-2xl font-bold tracking-tight text-slate-900">
              {pro ? 'Pro Membership' : 'Free Membership'}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2" aria-label="Plan details">
              <Badge tone={pro ? 'brand' : 'slate'}>{pro ? 'Pro' : 'Free'}</Badge>
              {pro && <Badge tone="outline">{subscriptionLabel(membership.subscription)}</Badge>}
            </div>
          </div>
        </div>

        <div className="flex flex-col gap-6 border-t border-slate-200 px-6 py-6 sm:px-8">
          {/* product.md §2: Pro shows its "Expires On" date; a lifetime Pro has none (-1), a complimentary one its end. */}
          {pro && expiry && (
            <div className="flex items-start gap-3 text-sm">
              <CalendarDays className="mt-px size-5 shrink-0 text-slate-400" aria-hidden="true" />
              <div>
                {/* product.md §2: the spec's "Expires On"; whether it renews then is said beside it (decision 018). */}
                <dl className="flex flex-wrap items-center gap-x-3">
                  <dt className="text-slate-600">Expires On</dt>
                  <dd className="font-semibold text-slate-900">
                    <time dateTime={isoDate(membership.expireAt)}>{expiry}</time>
                  </dd>
                </dl>
                {complimentary && (
                  <p className="mt-0.5 text-slate-600">Complimentary Pro from the Turtle team: nothing is charged.</p>
                )}
                {renews !== null && (
                  <p className="mt-0.5 text-slate-600">
                    {renews ? 'It renews on that day.' : 'It ends on that day and will not renew.'}
                  </p>
                )}
              </div>
            </div>
          )}
          {lapsed && expiry && (
            <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              Your Pro membership ended on {expiry}. Upgrade to get Pro back.
            </p>
          )}
          <div>
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Your plan includes</h2>
            <ul className="mt-3 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
              {planPoints(pro ? Plan.PRO : Plan.FREE).map((point) => (
                <li key={point} className="flex items-start gap-2">
                  <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="flex flex-col gap-3 border-t border-slate-200 bg-slate-50 px-6 py-5 sm:flex-row sm:items-center sm:px-8">
          {upgradable ? (
            <Link to="/pricing" className={buttonClass('primary', 'lg', 'shrink-0')}>
              Upgrade to Pro
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <Link to="/pricing" className={buttonClass('secondary', 'lg', 'shrink-0')}>
              Change Plan
            </Link>
          )}
          {pro && payments === 'stripe' && membership.subscription !== Subscription.LIFETIME && <ManageBillingButton />}
          {pro && (
            <Link
              to="/account/billing"
              className="text-sm font-medium text-brand-800 underline underline-offset-2 sm:ml-2"
            >
              Plan &amp; billing
            </Link>
          )}
          {upgradable && (
            <p className="text-sm text-slate-600 sm:ml-2">
              Pro: {proUpsell()}, from {yearlyPerMonth()}/month billed yearly.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
