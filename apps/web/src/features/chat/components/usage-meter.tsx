import { Link } from 'react-router';
import { Plan } from '@turtle/shared/plans';
import type { ChatUsage } from '@turtle/shared/entitlements';
import { cn } from '../../../lib/cn';

/** "12 of 50 replies left today", counted by the server; Free members see how to get more before they run out. */
export function UsageMeter({ usage }: { usage: ChatUsage | null }) {
  if (!usage) return null;
  const low = usage.remaining <= Math.max(3, Math.floor(usage.limit / 10));
  return (
    <p className={cn('text-xs', low ? 'text-amber-700' : 'text-slate-500')} data-testid="usage-meter">
      {usage.remaining.toLocaleString('en')} of {usage.limit.toLocaleString('en')}{' '}
      {usage.limit === 1 ? 'reply' : 'replies'} left today
      {usage.plan === Plan.FREE && (
        <>
          {' \u00b7 '}
          <Link to="/pricing" className="font-semibold text-brand-700 hover:underline">
            Upgrade for more
          </Link>
        </>
      )}
    </p>
  );
}
