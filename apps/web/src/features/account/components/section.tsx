import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** One card of the Account page, labelled by its heading. */
export function Section({
  title,
  titleId,
  children,
  tone = 'plain',
}: {
  title: string;
  titleId: string;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'rounded-2xl bg-white px-5 py-5 shadow-sm ring-1 sm:px-6',
        tone === 'danger' ? 'ring-red-200' : 'ring-slate-200',
      )}
    >
      <h2 id={titleId} className={cn('text-lg font-semibold', tone === 'danger' ? 'text-red-800' : 'text-slate-900')}>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
