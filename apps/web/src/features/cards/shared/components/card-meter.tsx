import { Link } from 'react-router';
import type { CardAllowance } from '@turtle/shared/cards';
import { cn } from '../../../../lib/cn';

const count = (value: number) => value.toLocaleString('en-US');

/** "37 of 100 cards" on Free, with the upgrade link; on Pro how many cards, without a limit. */
export function CardMeter({ allowance, className }: { allowance: CardAllowance | null; className?: string }) {
  if (!allowance) return null;
  if (allowance.max === null) {
    return (
      <p className={cn('text-sm text-slate-600', className)} data-testid="card-meter">
        {count(allowance.used)} {allowance.used === 1 ? 'card' : 'cards'} · Pro: no limit
      </p>
    );
  }
  const full = allowance.used >= allowance.max;
  const share = Math.min(100, Math.round((allowance.used / allowance.max) * 100));
  return (
    <div className={cn('flex flex-col gap-1.5', className)} data-testid="card-meter">
      <p className={cn('text-sm', full ? 'font-semibold text-amber-800' : 'text-slate-600')}>
        {count(allowance.used)} of {count(allowance.max)} cards
        {' · '}
        <Link to="/pricing" className="font-semibold text-brand-700 hover:underline">
          {full ? 'Upgrade to Pro for unlimited cards' : 'Upgrade for unlimited'}
        </Link>
      </p>
      <div
        className="h-1.5 w-full max-w-56 overflow-hidden rounded-full bg-slate-200"
        role="meter"
        aria-label="Cards on the Free plan"
        aria-valuemin={0}
        aria-valuemax={allowance.max}
        aria-valuenow={allowance.used}
      >
        <div
          className={cn('h-full rounded-full', full ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: `${share}%` }}
        />
      </div>
    </div>
  );
}
