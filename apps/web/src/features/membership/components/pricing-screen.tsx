import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan, Subscription } from '@turtle/shared/plans';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicConfig } from '../../../lib/public-config-store';
import { selectIsSignedIn, useTurtleStore } from '../../../lib/turtle-store';
import { planPoints } from '../lib/feature-table';
import { periodFromQuery } from '../lib/pricing-links';
import { proPrice, usd, YEARLY_SAVING_NOTE, yearlyPerMonth, type BillingPeriod } from '../lib/price';
import { BillingPeriodToggle } from './billing-period-toggle';
import { FeatureTable } from './feature-table';
import { ChoosePro, GetStarted, ManagePlan } from './plan-actions';
import { PlanCard } from './plan-card';
import { SwitchPeriodButton } from './switch-period-button';

/** /pricing (product.md §2 "Pricing"): the period toggle, the Free and Pro cards and the feature table. */
export function PricingScreen() {
  const [params] = useSearchParams();
  const [period, setPeriod] = useState<BillingPeriod>(() => periodFromQuery(params.get('period')));
  const signedIn = useTurtleStore(selectIsSignedIn);
  const membership = useTurtleStore((state) => state.user.membership);
  const payments = usePublicConfig((state) => state.payments);
  const [now] = useState(Date.now);
  const plan = signedIn ? effectivePlan(membership, now) : null;
  const pro = proPrice(period);
  const heldPeriod =
    membership.subscription === Subscription.YEARLY
      ? 'yearly'
      : membership.subscription === Subscription.MONTHLY
        ? 'monthly'
        : null;
  // product.md §2: the cards' buttons are "Get Started" and "Choose Pro" for everyone (rules.md: "Get Started" goes
  // to /chats when signed in). The card the member holds is marked current; a Pro member's "Choose Pro" is disabled,
  // with the way to switch periods or manage the plan beside it (decision 018).
  const freeAction = <GetStarted signedIn={signedIn} />;
  const proAction =
    plan !== Plan.PRO ? (
      <ChoosePro signedIn={signedIn} period={period} />
    ) : (
      <div className="flex w-full flex-col gap-3">
        <ChoosePro signedIn period={period} held />
        {heldPeriod !== null && heldPeriod !== period ? (
          <SwitchPeriodButton to={period} payments={payments} size="lg" className="w-full" />
        ) : (
          <ManagePlan />
        )}
      </div>
    );

  return (
    <section className="flex flex-col gap-12 pb-8">
      <div className="flex flex-col gap-8">
        <header className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Pricing</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Start free. Go Pro when you need more.
          </h1>
          <p className="mt-4 text-lg text-pretty text-slate-600">
            Both plans include chat with your notes, notes and audio lessons. Pro raises every limit.
          </p>
        </header>

        <BillingPeriodToggle value={period} onChange={setPeriod} />

        <div className="grid gap-6 md:grid-cols-2">
          <PlanCard
            id="plan-free"
            name="Free"
            tagline="Everything you need to get started"
            amount={usd(0)}
            per="/month"
            points={planPoints(Plan.FREE)}
            current={plan === Plan.FREE}
            action={freeAction}
          />
          <PlanCard
            id="plan-pro"
            name="Pro"
            tagline="For people who study with Turtle every day"
            amount={pro.amount}
            per={pro.per}
            note={period === 'yearly' ? `${YEARLY_SAVING_NOTE} (${yearlyPerMonth()}/month)` : undefined}
            points={planPoints(Plan.PRO)}
            featured
            current={plan === Plan.PRO}
            action={proAction}
          />
        </div>

        <p className="text-center text-sm text-slate-600">
          {payments === 'stripe'
            ? 'Payments are handled securely by Stripe. Cancel any time from Plan & billing.'
            : 'Checkout here is a demo: no real payment is taken.'}
        </p>
      </div>

      <FeatureTable />
    </section>
  );
}
