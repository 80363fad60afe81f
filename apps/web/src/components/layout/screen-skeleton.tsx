import { useMatches } from 'react-router';
import type { RouteHandle, SkeletonKind } from '../../app/route-handle';
import { cn } from '../../lib/cn';

const bar = 'rounded-md bg-slate-100 motion-safe:animate-pulse';

/** Grey shapes where a screen will be, drawn while its code or first data loads (decision 020). */
export function ScreenSkeleton({ kind }: { kind?: SkeletonKind }) {
  const matches = useMatches();
  const routeKind = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.skeleton)
    .filter(Boolean)
    .pop();
  const shown = kind ?? routeKind ?? 'page';
  return (
    // At least a screen tall, so the footer waits below the fold instead of jumping down when the screen arrives.
    <div role="status" className="min-h-dvh" data-testid="screen-skeleton" data-kind={shown}>
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true">{SHAPES[shown]()}</div>
    </div>
  );
}

const SHAPES: Record<SkeletonKind, () => React.ReactNode> = {
  page: () => (
    <div className="space-y-4">
      <div className={cn(bar, 'h-8 w-48')} />
      <div className={cn(bar, 'h-4 w-full max-w-md')} />
      {[0, 1, 2].map((row) => (
        <div key={row} className={cn(bar, 'h-20 w-full')} />
      ))}
    </div>
  ),
  marketing: () => (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-20 sm:py-28">
      <div className={cn(bar, 'h-6 w-56 rounded-full')} />
      <div className={cn(bar, 'h-12 w-full max-w-xl')} />
      <div className={cn(bar, 'h-12 w-4/5 max-w-lg')} />
      <div className={cn(bar, 'mt-2 h-5 w-full max-w-md')} />
      <div className={cn(bar, 'h-5 w-3/4 max-w-sm')} />
    </div>
  ),
  chat: () => (
    <div className="flex h-[calc(100dvh-4.0625rem)]">
      <div className="hidden w-72 shrink-0 space-y-3 border-r border-slate-200 p-4 md:block">
        <div className={cn(bar, 'h-9 w-full')} />
        {[0, 1, 2, 3].map((row) => (
          <div key={row} className={cn(bar, 'h-6 w-full')} />
        ))}
      </div>
      <div className="flex flex-1 flex-col justify-end p-4">
        <div className={cn(bar, 'mx-auto h-24 w-full max-w-3xl rounded-2xl')} />
      </div>
    </div>
  ),
  player: () => (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6">
      <div className={cn(bar, 'h-4 w-32')} />
      <div className={cn(bar, 'h-8 w-3/4')} />
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className={cn(bar, 'h-5 w-full')} />
      ))}
      <div className={cn(bar, 'h-16 w-full rounded-2xl')} />
    </div>
  ),
};
