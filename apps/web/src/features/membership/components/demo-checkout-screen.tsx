import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';
import { CircleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useTurtleStore } from '../../../lib/turtle-store';
import { useDemoSession } from '../hooks/use-demo-session';
import { DemoCheckoutCard } from './demo-checkout-card';

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-14 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <CircleAlert className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/** One purchase of Pro (decision 018): a checkout opened in another tab expires once Pro is bought; the page says why. */
export const EXPIRED_BY_PRO = 'This checkout has expired because Pro is already active.';

/** /checkout/demo?session=<id>: the demo provider's checkout page (rules.md "Membership and payments"). */
export function DemoCheckoutScreen() {
  const [params] = useSearchParams();
  const state = useDemoSession(params.get('session'));
  const pro = useTurtleStore((store) => effectivePlan(store.user.membership) === Plan.PRO);

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') {
    return (
      <Notice title="Checkout not found">
        <p className="max-w-xs text-slate-700">{state.message}</p>
        <Link to="/pricing" className={buttonClass('secondary')}>
          Back to pricing
        </Link>
      </Notice>
    );
  }
  const { session } = state;
  if (session.status === 'complete') {
    return (
      <Notice title="This checkout is already paid">
        <p className="max-w-xs text-slate-700">Your membership page shows your plan.</p>
        <Link to="/membership" className={buttonClass('primary')}>
          Go to membership
        </Link>
      </Notice>
    );
  }
  if (session.status === 'canceled' && pro) {
    return (
      <Notice title="This checkout has expired">
        <p className="max-w-xs text-slate-700">{EXPIRED_BY_PRO} Nothing was charged.</p>
        <Link to="/membership" className={buttonClass('primary')}>
          Go to membership
        </Link>
      </Notice>
    );
  }
  if (session.status === 'canceled') {
    return (
      <Notice title="This checkout was canceled">
        <p className="max-w-xs text-slate-700">Nothing was charged. Start again from the pricing page.</p>
        <Link to="/pricing" className={buttonClass('primary')}>
          Back to pricing
        </Link>
      </Notice>
    );
  }
  return <DemoCheckoutCard session={session} />;
}
