import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One block of the home: what it is about, what is waiting, and the one click to it. */
export function HomeTile({
  icon: Icon,
  title,
  children,
  label,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** The tile's accessible name when the title alone would be ambiguous. */
  label?: string;
}) {
  return (
    <section
      aria-label={label ?? title}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
    >
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        <Icon className="size-4 text-brand-700" aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The line a tile shows while its read is under way, the same height as what replaces it. */
export function TileLoading() {
  return <div aria-hidden="true" className="h-14 animate-pulse rounded-lg bg-slate-100" />;
}

export function TileFailed() {
  return <p className="text-sm text-slate-600">This could not be loaded right now. Reload the page to try again.</p>;
}

export const tileLinkClass =
  'inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-semibold text-brand-800 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
