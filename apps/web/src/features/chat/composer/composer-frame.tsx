import { SendHorizontal } from 'lucide-react';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { COMPOSER_MAX_HEIGHT_REM, COMPOSER_MIN_HEIGHT_PX, EDITOR_INDENT_UNIT_PX } from '@turtle/shared/constants';
import { StopReplyButton } from '../../../components/ui/stop-reply-button';
import { cn } from '../../../lib/cn';

/**
 * What the composer and its stand-in while the editor loads (`lazy-composer.tsx`) share: the box, the text's size and
 * the send or stop button. Nothing here imports Lexical, so the stand-in draws the same box without it.
 */

export const DEFAULT_COMPOSER_PLACEHOLDER = 'Type your message...';

export const EDITOR_STYLE = {
  minHeight: `${COMPOSER_MIN_HEIGHT_PX}px`,
  maxHeight: `${COMPOSER_MAX_HEIGHT_REM}rem`,
  '--lexical-indent-base-value': `${EDITOR_INDENT_UNIT_PX}px`,
} as CSSProperties;

export const EDITOR_TEXT_CLASS =
  'overflow-y-auto overscroll-contain py-3 text-base/6 break-words whitespace-pre-wrap text-slate-900 outline-none';

export function ComposerFrame({
  ref,
  className,
  children,
}: {
  ref?: Ref<HTMLDivElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      ref={ref}
      data-testid="composer-frame"
      className={cn(
        'flex items-end gap-2 rounded-2xl border border-slate-300 bg-white py-1 pr-1.5 pl-4 shadow-sm transition-shadow',
        'focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** While a reply streams, Stop takes the send button's place (docs/product.md "Chat screen"). */
export function SendOrStopButton({
  onStop,
  onSend,
  canSend,
  blockedReason,
}: {
  /** Shows Stop, which calls this. */
  onStop?: () => void;
  onSend?: () => void;
  canSend: boolean;
  blockedReason?: string;
}) {
  if (onStop) return <StopReplyButton title="Stop the reply" onStop={onStop} size="md" />;
  return (
    <button
      type="button"
      aria-label="Send message"
      title={blockedReason ?? 'Send message'}
      disabled={!canSend}
      onClick={onSend}
      className={cn(
        'mb-1 inline-flex size-10 shrink-0 items-center justify-center rounded-xl transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        canSend
          ? 'bg-brand-700 text-white shadow-sm hover:bg-brand-800'
          : 'cursor-not-allowed bg-slate-100 text-slate-400',
      )}
    >
      <SendHorizontal className="size-5" aria-hidden="true" />
    </button>
  );
}
