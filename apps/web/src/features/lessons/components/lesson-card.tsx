import { CheckCircle2, Circle, Clock } from 'lucide-react';
import { Link } from 'react-router';
import type { LessonSummary } from '@turtle/shared/lesson';
import { formatClock, parseDuration } from '@turtle/shared/lesson-helpers';
import { cn } from '../../../lib/cn';
import { prefetchLesson } from '../api/get-lesson';

interface LessonCardProps {
  lesson: LessonSummary;
  completed: boolean;
  /** Where the learner left it, in ms (0: not started). */
  positionMs: number;
  onToggleCompleted: () => void;
}

/** A started, unfinished lesson shows how far the learner got (docs/product.md "Lesson list"). */
function ResumeProgress({ positionMs, duration }: { positionMs: number; duration: string }) {
  const totalMs = parseDuration(duration);
  const percent = Math.min(100, Math.max(2, Math.round((positionMs / totalMs) * 100)));
  return (
    <div className="mt-1.5 flex items-center gap-2">
      <div
        role="progressbar"
        aria-label="Listened"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 w-full max-w-40 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <span className="shrink-0 text-xs font-medium text-slate-600 tabular-nums">
        Resume at {formatClock(positionMs)}
      </span>
    </div>
  );
}

/**
 * One lesson in the list (product.md §2): the whole card opens the lesson (its title is a link stretched over the card);
 * the circle on top of it toggles the device's completed mark, which strikes the title through.
 */
export function LessonCard({ lesson, completed, positionMs, onToggleCompleted }: LessonCardProps) {
  const started = lesson.ready && !completed && positionMs > 0 && positionMs < parseDuration(lesson.duration);
  const label = completed ? `Mark “${lesson.title}” as not completed` : `Mark “${lesson.title}” as completed`;
  return (
    <li
      data-lesson-id={lesson.id}
      className={cn(
        'group relative flex items-center gap-3 rounded-xl border bg-white p-4 shadow-xs transition hover:border-brand-300 hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600 sm:gap-4 sm:px-5',
        completed ? 'border-slate-200 bg-slate-50/70' : 'border-slate-200',
      )}
    >
      <button
        type="button"
        onClick={onToggleCompleted}
        aria-pressed={completed}
        aria-label={label}
        title={completed ? 'Completed' : 'Mark as completed'}
        className={cn(
          'relative z-10 -m-1.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          completed ? 'text-brand-700 hover:text-brand-800' : 'text-slate-400 hover:text-brand-700',
        )}
      >
        {completed ? (
          <CheckCircle2 className="size-6" aria-hidden="true" />
        ) : (
          <Circle className="size-6" aria-hidden="true" />
        )}
      </button>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 text-xs font-medium text-slate-500">
          Lesson {lesson.id}
          {/* At every width: on a phone it was hidden, and lessons 4 to 7 looked playable. */}
          {!lesson.ready && (
            <span className="rounded-full bg-amber-50 px-2 py-px font-medium text-amber-800 ring-1 ring-amber-200">
              Coming soon
            </span>
          )}
        </p>
        <h2
          className={cn(
            'min-w-0 text-base font-semibold',
            completed ? 'text-slate-500 line-through decoration-slate-400' : 'text-slate-900',
          )}
        >
          <Link
            to={`/learn/${lesson.id}`}
            onPointerEnter={() => prefetchLesson(lesson.id)}
            onFocus={() => prefetchLesson(lesson.id)}
            className="line-clamp-2 outline-none after:absolute after:inset-0 after:rounded-xl group-hover:text-brand-800"
          >
            {lesson.title}
          </Link>
        </h2>
        {started && <ResumeProgress positionMs={positionMs} duration={lesson.duration} />}
      </div>
      <p className="flex shrink-0 items-center gap-1.5 text-sm text-slate-600 tabular-nums">
        <Clock className="size-4 text-slate-400" aria-hidden="true" />
        <span className="sr-only">Duration </span>
        {lesson.duration}
      </p>
    </li>
  );
}
