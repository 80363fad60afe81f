import { cn } from '../../../lib/cn';
import './messages.css';

/** product.md §2: "AI is typing", three animated dots (they fade instead of bouncing when motion is reduced). */
export function TypingIndicator({ className }: { className?: string }) {
  return (
    <div role="status" className={cn('flex h-7 items-center gap-1 text-slate-400', className)}>
      <span className="sr-only">AI is typing</span>
      {[0, 1, 2].map((dot) => (
        <span key={dot} className="chat-typing-dot size-2 rounded-full bg-current" aria-hidden="true" />
      ))}
    </div>
  );
}
