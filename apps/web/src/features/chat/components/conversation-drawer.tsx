import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

interface ConversationDrawerProps {
  open: boolean;
  onClose(): void;
  children: ReactNode;
}

/** Phones: the conversation list slides in from the left; Escape, the backdrop or the close button close it. */
export function ConversationDrawer({ open, onClose, children }: ConversationDrawerProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKeyDown);
    panel.current?.focus();
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 md:hidden">
      <div aria-hidden className="absolute inset-0 animate-fade-in bg-slate-950/40" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Conversations"
        tabIndex={-1}
        className="animate-drawer-in absolute inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col bg-slate-50 shadow-xl outline-none"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <span className="font-semibold text-slate-900">Conversations</span>
          <button
            type="button"
            aria-label="Close conversations"
            onClick={onClose}
            className="inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-200"
          >
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
