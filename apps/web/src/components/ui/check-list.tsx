import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A list of what a plan or feature includes, each line behind a check mark; `className` sets its margins and spacing. */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={cn('text-sm text-slate-700', className)}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
