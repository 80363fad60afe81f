import { Clock, Headphones, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { LESSON_NOT_READY_MESSAGE } from '@turtle/shared/lesson-helpers';
import { buttonClass } from '../../../components/ui/button';
import { useLessonMarks } from '../../../lib/lessons/lesson-progress-store';
import { useLessons } from '../hooks/use-lessons';
import { BackToLessons } from './back-to-lessons';

/**
 * product.md §8 "Lesson not ready!", and not a dead end (docs/product.md "Lesson player"): it says why, and lists the lessons that can be
 * played now, the first one not yet done first.
 */
export function LessonNotReady({ title }: { title: string }) {
  const lessons = useLessons();
  const completed = useLessonMarks();
  const ready = lessons.status === 'ready' ? lessons.data.lessons.filter((lesson) => lesson.ready) : [];
  const ordered = [
    ...ready.filter((lesson) => !completed[lesson.id]),
    ...ready.filter((lesson) => completed[lesson.id]),
  ];
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6">
      <BackToLessons />
      <section className="mt-4 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-12 text-center">
        <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Headphones className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-bold tracking-tight text-slate-900">{LESSON_NOT_READY_MESSAGE}</h1>
        <p className="max-w-md text-slate-600">
          “{title}” has no audio or transcript yet: it is still being recorded. These lessons are ready to play now:
        </p>
        {ordered.length > 0 && (
          <ul aria-label="Ready lessons" className="flex w-full max-w-md flex-col gap-2 text-left">
            {ordered.map((lesson) => (
              <li key={lesson.id}>
                <Link
                  to={`/learn/${lesson.id}`}
                  className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 transition hover:border-brand-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <PlayCircle className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block text-xs font-medium text-slate-500">Lesson {lesson.id}</span>
                    <span className="block font-semibold text-slate-900">{lesson.title}</span>
                  </span>
                  <span className="flex items-center gap-1 text-sm text-slate-600 tabular-nums">
                    <Clock className="size-4 text-slate-400" aria-hidden="true" />
                    {lesson.duration}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/lessons" className={buttonClass('secondary')}>
          All lessons
        </Link>
      </section>
    </div>
  );
}
