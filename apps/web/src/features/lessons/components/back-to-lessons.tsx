import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The player's back arrow (rules.md "Lessons": to the lesson list). */
export function BackToLessons() {
  return (
    <Link
      to="/lessons"
      aria-label="Back to lessons"
      title="Back to lessons"
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <ArrowLeft className="size-5" aria-hidden="true" />
    </Link>
  );
}
