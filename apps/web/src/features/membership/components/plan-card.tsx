import type { ReactNode } from 'react';
import { CheckList } from '../../../components/ui/check-list';
import { cn } from '../../../lib/cn';

interface PlanCardProps {
  id: string;
  name: string;
  tagline: string;
  amount: string;
  per: string;
  /** A line under the price ("Save 17% with yearly billing"). */
  note?: ReactNode;
  points: string[];
  action: ReactNode;
  featured?: boolean;
  /** The signed-in visitor's plan today. */
  current?: boolean;
}

/** One plan on the pricing page: name, price, what it includes and its button. */
export function PlanCard({ id, name, tagline, amount, per, note, points, action, featured, current }: PlanCardProps) {
  return (
    <article
      aria-labelledby={id}
      className={cn(
        'relative flex flex-col rounded-2xl p-6 sm:p-8',
        featured
          ? 'bg-linear-to-b from-brand-50 to-white shadow-lg shadow-brand-900/5 ring-2 ring-brand-700'
          : 'bg-white ring-1 ring-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {name}
        </h2>
        {current ? (
          <span className="rounded-full bg-slate-900 px-3 py-1 text-xs font-semibold text-white">Your plan</span>
        ) : (
          featured && (
            <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">Recommended</span>
          )
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{tagline}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900 tabular-nums">{amount}</span>
        <span className="text-slate-600">{per}</span>
      </p>
      <p className="mt-1 min-h-5 text-sm font-medium text-brand-800">{note}</p>
      <CheckList items={points} className="mt-6 mb-8 space-y-3" />
      <div className="mt-auto">{action}</div>
    </article>
  );
}
