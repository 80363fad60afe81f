import { Crown, Sprout } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** The plan's mark: a crown on brand colour for Pro, a sprout for Free. */
export function PlanIcon({ pro }: { pro: boolean }) {
  const Icon = pro ? Crown : Sprout;
  return (
    <div
      className={cn(
        'flex size-12 shrink-0 items-center justify-center rounded-xl ring-1',
        pro ? 'bg-brand-700 text-white ring-brand-800' : 'bg-white text-brand-700 ring-slate-200',
      )}
    >
      <Icon className="size-6" aria-hidden="true" />
    </div>
  );
}
