import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { createCheckout } from '../api/create-checkout';
import { useRedirectAction } from '../hooks/use-redirect-action';
import { pricingLoginPath } from '../lib/pricing-links';
import type { BillingPeriod } from '../lib/price';

const WIDE = 'w-full';

/** rules.md "Membership and payments": "Get Started" goes to /signup, or to /chats when signed in. */
export function GetStarted({ signedIn }: { signedIn: boolean }) {
  return (
    <Link to={signedIn ? '/chats' : '/signup'} className={buttonClass('secondary', 'lg', WIDE)}>
      Get Started
    </Link>
  );
}

/**
 * "Choose Pro": checkout for the chosen period; a signed-out visitor logs in first and comes back. A Pro member sees
 * it too (product.md §2), disabled, with why: Pro is never bought twice (decision 018).
 */
export function ChoosePro({
  signedIn,
  period,
  held = false,
}: {
  signedIn: boolean;
  period: BillingPeriod;
  held?: boolean;
}) {
  const checkout = useRedirectAction(createCheckout, 'Checkout could not be started. Please try again.');
  if (held) {
    return (
      <div className="flex w-full flex-col gap-2">
        <Button size="lg" className={WIDE} disabled aria-describedby="choose-pro-held">
          Choose Pro
        </Button>
        <p id="choose-pro-held" className="text-center text-sm text-slate-600">
          You have Pro already.
        </p>
      </div>
    );
  }
  if (!signedIn) {
    return (
      <Link to={pricingLoginPath(period)} className={buttonClass('primary', 'lg', WIDE)}>
        Choose Pro
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    );
  }
  return (
    <Button
      size="lg"
      className={WIDE}
      aria-busy={checkout.busy}
      disabled={checkout.busy}
      onClick={() => void checkout.run(period)}
    >
      {checkout.busy ? <Spinner /> : null}
      Choose Pro
      {checkout.busy ? null : <ArrowRight className="size-4" aria-hidden="true" />}
    </Button>
  );
}

/** A Pro member's way off Pro, or to the other period: on Plan & billing. */
export function ManagePlan() {
  return (
    <Link to="/account/billing" className="text-center text-sm font-medium text-brand-800 underline underline-offset-2">
      Manage plan
    </Link>
  );
}
