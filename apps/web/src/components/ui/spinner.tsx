import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A spinning circle for busy buttons; decorative, so the button's own label and state speak for it. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={cn('size-4 shrink-0 animate-spin', className)} aria-hidden="true" />;
}

/** Holds a screen's place while what it needs is not known yet (a few milliseconds, usually). */
export function PageSpinner() {
  return (
    <div role="status" className="flex justify-center py-24 text-brand-700">
      <Spinner className="size-6" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
