import { Square } from 'lucide-react';
import { cn } from '../../lib/cn';

type Size = 'md' | 'sm';

const SIZES: Record<Size, { button: string; icon: string }> = {
  md: { button: 'mb-1 size-10 rounded-xl shadow-sm', icon: 'size-4' },
  sm: { button: 'size-9 rounded-lg', icon: 'size-3.5' },
};

interface StopReplyButtonProps {
  /** The tooltip, e.g. "Stop the reply"; the accessible name stays "Stop". */
  title: string;
  onStop: () => void;
  size: Size;
}

/** The Stop button that takes Send's place while a reply streams (chat composer, lesson tutor). */
export function StopReplyButton({ title, onStop, size }: StopReplyButtonProps) {
  return (
    <button
      type="button"
      aria-label="Stop"
      title={title}
      onClick={onStop}
      className={cn(
        'inline-flex shrink-0 items-center justify-center bg-slate-800 text-white transition-colors hover:bg-slate-900',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        SIZES[size].button,
      )}
    >
      <Square className={cn('fill-current', SIZES[size].icon)} aria-hidden="true" />
    </button>
  );
}
