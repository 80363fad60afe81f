import { Link } from 'react-router';
import type { ChatUsage } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';

/** What the composer says at "0 of N left" (docs/product.md "Chat screen"): sending is blocked, and Free members see the way up. */
export function limitReachedText(usage: ChatUsage): string {
  return usage.limit === 1
    ? 'You have used your one reply for today.'
    : `You have used all ${usage.limit.toLocaleString('en')} replies for today.`;
}

export function LimitReached({ usage }: { usage: ChatUsage }) {
  return (
    <p
      role="status"
      className="mb-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
      data-testid="limit-reached"
    >
      {limitReachedText(usage)}{' '}
      {usage.plan === Plan.FREE ? (
        <>
          <Link to="/pricing" className="font-semibold text-brand-800 underline underline-offset-2">
            Upgrade to Pro
          </Link>{' '}
          for more, or come back tomorrow.
        </>
      ) : (
        'More tomorrow.'
      )}
    </p>
  );
}
