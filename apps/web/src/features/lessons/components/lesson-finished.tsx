import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { LESSON_COUNT } from '@turtle/shared/constants';
import { buttonClass } from '../../../components/ui/button';
import { isSeriesLesson } from '@turtle/shared/lesson-helpers';
import type { LessonsState } from '../hooks/use-lessons';

/** The lesson after `id` in the series, if there is one. */
function nextLessonId(id: string): string | undefined {
  const next = Number(id) + 1;
  return next <= LESSON_COUNT ? String(next) : undefined;
}

/**
 * Shown once the audio reaches its end (docs/product.md "Lesson player"): the lesson is marked done and the next one is offered;
 * a next lesson that is not ready yet says so and leads back to the list.
 */
export function LessonFinished({
  lessonId,
  title,
  lessons,
  onReplay,
}: {
  lessonId: string;
  /** Names a learner's own lesson, which has no number in the series (docs/decisions/046-own-lessons.md). */
  title: string;
  /** The series, loaded when the player opened: the next lesson is named the moment this one ends. */
  lessons: LessonsState;
  onReplay: () => void;
}) {
  const own = !isSeriesLesson(lessonId);
  const nextId = own ? undefined : nextLessonId(lessonId);
  const next = lessons.status === 'ready' ? lessons.data.lessons.find((lesson) => lesson.id === nextId) : undefined;
  return (
    <section
      aria-labelledby="lesson-finished-title"
      className="mx-auto mb-3 flex w-full max-w-2xl flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center sm:px-5"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="lesson-finished-title" className="font-semibold text-slate-900">
            {own ? `“${title}” done` : `Lesson ${lessonId} done`}
          </h2>
          <p className="text-sm text-slate-700" role="status">
            {own
              ? 'Marked as completed.'
              : next
                ? next.ready
                  ? `Up next: Lesson ${next.id}, “${next.title}”.`
                  : `Lesson ${next.id}, “${next.title}”, is coming soon.`
                : nextId
                  ? 'Marked as completed.'
                  : 'You finished the series.'}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button type="button" onClick={onReplay} className={buttonClass('secondary', 'sm')}>
          Replay
        </button>
        {next?.ready ? (
          <Link to={`/learn/${next.id}`} className={buttonClass('primary', 'sm')}>
            Next lesson
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        ) : (
          <Link to="/lessons" className={buttonClass('primary', 'sm')}>
            All lessons
          </Link>
        )}
      </div>
    </section>
  );
}
