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

/** "Choose Pro": checkout for the chosen period; a signed-out visitor logs in first and comes back. */
export function ChoosePro({ signedIn, period }: { signedIn: boolean; period: BillingPeriod }) {
  const checkout = useRedirectAction(createCheckout, 'Checkout could not be started. Please try again.');
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

/** The button of the plan the member holds now: nothing to buy. */
export function CurrentPlan() {
  return (
    <Button variant="secondary" size="lg" className={WIDE} disabled>
      Current plan
    </Button>
  );
}

/** A Pro member's way off Pro: cancelling is on Plan & billing. */
export function ManagePlan() {
  return (
    <Link to="/account/billing" className={buttonClass('secondary', 'lg', WIDE)}>
      Manage plan
    </Link>
  );
}
