import { Check, CircleAlert, CircleDashed, LoaderCircle } from 'lucide-react';
import type { NoteSaveState } from '../hooks/use-save-existing-note';

/**
 * Where the editor's text stands: for an existing note "Unsaved changes" until "Save Note", "Saving…", "Saved", or the
 * reason a save failed; for a new note that its draft is kept on this device until "Create Note".
 */
export function SaveState({ isNew, dirty, state }: { isNew: boolean; dirty: boolean; state: NoteSaveState }) {
  let text: string;
  let failed = false;
  if (isNew) {
    if (!dirty) return null;
    text = 'Draft kept on this device';
  } else if (state.status === 'failed') {
    text = `Not saved: ${state.message}`;
    failed = true;
  } else if (state.status === 'saving' || state.status === 'pending') {
    text = state.status === 'saving' ? 'Saving…' : 'Unsaved changes';
  } else {
    text = 'Saved';
  }
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-state"
      title={text}
      className={
        failed
          ? 'flex max-w-[40%] min-w-0 items-center gap-1 text-sm font-medium text-red-700'
          : 'flex min-w-0 items-center gap-1 text-sm text-slate-600'
      }
    >
      {failed ? (
        <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
      ) : isNew ? null : state.status === 'saved' ? (
        <Check className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
      ) : state.status === 'saving' ? (
        <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden="true" />
      ) : (
        <CircleDashed className="size-4 shrink-0" aria-hidden="true" />
      )}
      {/* On a phone the header is narrow: an icon says how it stands, except for a failure or a new note's draft. */}
      <span className={failed || isNew ? 'truncate' : 'sr-only sm:not-sr-only sm:truncate'}>{text}</span>
    </p>
  );
}
