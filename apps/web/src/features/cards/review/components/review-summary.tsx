import { PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { RATING_LABELS, RATINGS } from '@turtle/shared/cards-review';
import { Button, buttonClass } from '../../../../components/ui/button';
import type { SessionSummary } from '../hooks/use-review-session';

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** The end of a session: what was reviewed and how, and when a learning card comes back. */
export function ReviewSummary({
  summary,
  nextDueAt,
  onStudyAhead,
}: {
  summary: SessionSummary;
  nextDueAt: number | null;
  onStudyAhead: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200"
    >
      <PartyPopper className="size-8 text-brand-700" aria-hidden="true" />
      <h2 className="text-xl font-semibold text-slate-900">
        {summary.reviewed ? 'Session complete' : 'Nothing to review right now'}
      </h2>
      {summary.reviewed > 0 && (
        <>
          <p className="text-slate-700">
            You reviewed {summary.reviewed} {summary.reviewed === 1 ? 'card' : 'cards'} in {duration(summary.studyMs)}.
          </p>
          <dl className="grid grid-cols-4 gap-3 text-sm">
            {RATINGS.map((rating) => (
              <div key={rating} className="flex flex-col">
                <dt className="text-slate-500">{RATING_LABELS[rating]}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{summary.ratings[rating]}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {nextDueAt !== null && (
        <div className="flex flex-col items-center gap-2 text-sm text-slate-600">
          <p>
            A card you are learning comes back at{' '}
            {new Date(nextDueAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
          </p>
          <Button variant="secondary" size="sm" onClick={onStudyAhead}>
            Study it now
          </Button>
        </div>
      )}
      <Link to="/cards" className={buttonClass('primary')}>
        Back to decks
      </Link>
    </div>
  );
}
