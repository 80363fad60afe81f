import { RATING_LABELS, RATINGS, type IntervalPreview, type Rating } from '@turtle/shared/cards-review';
import { cn } from '../../../../lib/cn';

const TONES: Record<Rating, string> = {
  1: 'text-red-800 ring-red-200 hover:bg-red-50',
  2: 'text-amber-800 ring-amber-200 hover:bg-amber-50',
  3: 'text-brand-800 ring-brand-200 hover:bg-brand-50',
  4: 'text-sky-800 ring-sky-200 hover:bg-sky-50',
};

/** Again, Hard, Good, Easy (keys 1 to 4), each with the interval it would give. */
export function GradeButtons({
  intervals,
  disabled,
  onGrade,
}: {
  intervals: Record<Rating, IntervalPreview>;
  disabled: boolean;
  onGrade: (rating: Rating) => void;
}) {
  return (
    <div role="group" aria-label="Grade" className="grid grid-cols-4 gap-2">
      {RATINGS.map((rating) => (
        // The key hint sits under the button, not in it: a button's visible text must be part of its name (axe:
        // label-content-name-mismatch), and the key is already in aria-keyshortcuts.
        <div key={rating} className="flex flex-col items-center gap-1">
          <button
            type="button"
            disabled={disabled}
            onClick={() => onGrade(rating)}
            aria-label={`${RATING_LABELS[rating]}, ${intervals[rating].label}`}
            aria-keyshortcuts={String(rating)}
            className={cn(
              'flex w-full flex-col items-center gap-0.5 rounded-xl bg-white px-1 py-2.5 ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50',
              TONES[rating],
            )}
          >
            <span className="text-sm font-semibold">
              {RATING_LABELS[rating]}
              {/* Keeps the two lines apart in the text axe compares with the name. */}
              <span className="sr-only">,</span>{' '}
            </span>
            <span className="text-xs tabular-nums text-slate-600">{intervals[rating].label}</span>
          </button>
          <kbd aria-hidden="true" className="hidden text-[0.6875rem] text-slate-500 sm:block">
            {rating}
          </kbd>
        </div>
      ))}
    </div>
  );
}
