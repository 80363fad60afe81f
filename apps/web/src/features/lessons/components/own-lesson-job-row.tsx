import { AlertTriangle, X } from 'lucide-react';
import { jobProgressText, type OwnLessonSummary } from '@turtle/shared/own-lesson-helpers';
import { Button } from '../../../components/ui/button';

/**
 * The card of a lesson being made (docs/decisions/049-voicing-own-lessons.md): "Voicing 12 of 40 sentences" with a
 * progress bar and Cancel; it does not open until it is ready. A failed one says why, with Dismiss.
 */
export function OwnLessonJobRow({ lesson, onCancel }: { lesson: OwnLessonSummary; onCancel: () => void }) {
  const failed = lesson.status === 'failed';
  const { done = 0, total = 0 } = lesson.progress ?? {};
  const progressId = `job-${lesson.id}-progress`;
  return (
    <li
      data-own-lesson-id={lesson.id}
      data-status={lesson.status}
      className={`flex items-center gap-3 rounded-xl border p-4 sm:px-5 ${failed ? 'border-red-200 bg-red-50/60' : 'border-dashed border-slate-300 bg-slate-50/60'}`}
    >
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 text-base font-semibold text-slate-700">{lesson.title}</h3>
        {failed ? (
          <p className="mt-1 flex items-start gap-1.5 text-sm text-red-800">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>Not made: {lesson.error}</span>
          </p>
        ) : (
          <>
            <p id={progressId} className="mt-0.5 text-sm text-slate-600 tabular-nums" aria-live="polite">
              {jobProgressText(lesson)}
            </p>
            <progress
              aria-labelledby={progressId}
              max={Math.max(total, 1)}
              value={done}
              className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600"
            />
          </>
        )}
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={onCancel}
        aria-label={failed ? `Dismiss “${lesson.title}”` : `Cancel “${lesson.title}”`}
      >
        <X className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">{failed ? 'Dismiss' : 'Cancel'}</span>
      </Button>
    </li>
  );
}
