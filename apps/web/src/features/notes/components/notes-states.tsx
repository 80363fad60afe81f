import { NotebookPen, RefreshCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';

function StateBox({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-14 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        {icon}
      </div>
      {children}
    </div>
  );
}

/** product.md §2: no notes yet. */
export function NotesEmptyState() {
  return (
    <StateBox icon={<NotebookPen className="size-6" aria-hidden="true" />}>
      <p className="max-w-xs text-slate-700">No notes yet. Create your first note!</p>
      <Link to="/note/new" className={buttonClass('primary')}>
        Create Note
      </Link>
    </StateBox>
  );
}

export function NoMatchingNotes({ query, onClear }: { query: string; onClear: () => void }) {
  return (
    <StateBox icon={<SearchX className="size-6" aria-hidden="true" />}>
      <p className="max-w-sm break-words text-slate-700">No notes match “{query.trim()}”</p>
      <Button variant="secondary" onClick={onClear}>
        Clear search
      </Button>
    </StateBox>
  );
}

/** The list could not be loaded and nothing is cached: say so (the alert bar has the reason) and offer a retry. */
export function NotesLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <StateBox icon={<RefreshCw className="size-6" aria-hidden="true" />}>
      <p className="max-w-xs text-slate-700">Your notes could not be loaded.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </StateBox>
  );
}

/** Placeholder cards while the first list loads with an empty cache. */
export function NoteListSkeleton() {
  return (
    <div role="status" className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
      <span className="sr-only">Loading notes…</span>
      {[0, 1, 2, 3].map((index) => (
        <div key={index} aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <div className="h-4 w-2/5 animate-pulse rounded bg-slate-200" />
          <div className="mt-3 h-3 w-full animate-pulse rounded bg-slate-100" />
          <div className="mt-2 h-3 w-4/5 animate-pulse rounded bg-slate-100" />
          <div className="mt-5 h-3 w-16 animate-pulse rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
