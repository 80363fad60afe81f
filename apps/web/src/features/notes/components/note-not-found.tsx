import { FileQuestion, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';

function Message({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        {icon}
      </div>
      <h1 className="text-xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="max-w-sm text-slate-600">{text}</p>
      <div className="flex flex-wrap justify-center gap-2">{children}</div>
    </section>
  );
}

const backToNotes = (
  <Link to="/notes" className={buttonClass('primary')}>
    Back to your notes
  </Link>
);

/** A missing note, or another user's (the server answers 404 for both and never shows whose it is). */
export function NoteNotFound() {
  return (
    <Message
      icon={<FileQuestion className="size-6" aria-hidden="true" />}
      title="Note not found"
      text="This note does not exist. It may have been deleted, or the link may be wrong."
    >
      {backToNotes}
    </Message>
  );
}

/** The note could not be loaded (offline, server down) and no copy is cached. The alert bar says why. */
export function NoteLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Message
      icon={<RefreshCw className="size-6" aria-hidden="true" />}
      title="Note not loaded"
      text="This note could not be loaded right now."
    >
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
      {backToNotes}
    </Message>
  );
}
