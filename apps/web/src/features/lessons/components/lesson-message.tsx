import { Headphones, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { BackToLessons } from './back-to-lessons';

/** product.md §8: "Lesson not found!" / "Lesson not ready!" (or a load failure), with the way back to the list. */
export function LessonMessage({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6">
      <BackToLessons />
      <section className="mt-4 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-16 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Headphones className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="max-w-sm text-slate-600">{text}</p>
        <div className="flex flex-wrap justify-center gap-2">
          {onRetry && (
            <Button variant="secondary" onClick={onRetry}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </Button>
          )}
          <Link to="/lessons" className={buttonClass('primary')}>
            All lessons
          </Link>
        </div>
      </section>
    </div>
  );
}
