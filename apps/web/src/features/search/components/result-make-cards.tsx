import { Layers } from 'lucide-react';
import type { MouseEvent } from 'react';

/**
 * "Make cards" on a search result (docs/decisions/050-cards-from-a-source.md): drafts cards from exactly that passage,
 * each pointing back to it. Not a link inside the option (an interactive element inside an option is not allowed):
 * a pointer's target here, Ctrl/Cmd+Enter from the keyboard, both through `onMake`.
 */
export function ResultMakeCards({ onMake }: { onMake: () => void }) {
  return (
    <span
      aria-hidden="true"
      onClick={(event: MouseEvent) => {
        event.stopPropagation();
        onMake();
      }}
      className="inline-flex shrink-0 items-center gap-1 self-start rounded-md px-1.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-white hover:text-slate-900"
    >
      <Layers className="size-3.5" />
      Make cards
    </span>
  );
}
