import { ArrowLeft, Undo2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../../components/ui/button';
import { PageSpinner } from '../../../../components/ui/spinner';
import { useDecks } from '../../shared/hooks/use-decks';
import { useReviewKeys } from '../hooks/use-review-keys';
import { useReviewSession } from '../hooks/use-review-session';
import { GradeButtons } from './grade-buttons';
import { ReviewCardView } from './review-card-view';
import { ReviewSummary } from './review-summary';

/**
 * /cards/review (all decks) and /cards/review?deck=<id>: the front, Space or Enter for the answer, then Again,
 * Hard, Good or Easy (1 to 4) each with the interval it gives; Undo; progress; a summary at the end.
 */
export function ReviewScreen() {
  const [params] = useSearchParams();
  const deckId = params.get('deck') ?? undefined;
  const session = useReviewSession(deckId);
  // Studying a parent brings its subdecks' cards: the title names the deck studied, each card its own (decision 041).
  const { state: decks } = useDecks();
  const studied = decks.status === 'ready' ? decks.data.decks.find((deck) => deck.id === deckId)?.name : undefined;
  const keyActions = useMemo(
    () => ({ reveal: session.reveal, grade: session.grade, undo: session.undo, revealed: session.revealed }),
    [session.reveal, session.grade, session.undo, session.revealed],
  );
  useReviewKeys(keyActions);
  const left = session.counts.new + session.counts.learning + session.counts.review;

  return (
    <section aria-labelledby="review-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/cards" className={buttonClass('ghost', 'md', '-ml-2 px-2.5')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Decks
        </Link>
        <h1 id="review-title" className="min-w-32 flex-1 truncate text-lg font-semibold text-slate-900">
          {session.card?.deckName && deckId ? (studied ?? session.card.deckName) : 'Review'}
        </h1>
        <p className="text-sm text-slate-600 tabular-nums" aria-live="polite" data-testid="review-progress">
          {session.summary.reviewed} done · {left} left
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={session.undo}
          disabled={!session.canUndo || session.busy}
          title="Undo the last grade (U)"
        >
          <Undo2 className="size-4" aria-hidden="true" />
          Undo
        </Button>
      </div>
      <p className="-mt-2 flex gap-3 text-xs text-slate-500 tabular-nums" aria-label="Left today">
        <span className="text-sky-700">{session.counts.new} new</span>
        <span className="text-amber-700">{session.counts.learning} learning</span>
        <span className="text-brand-700">{session.counts.review} to review</span>
      </p>

      {session.error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {session.error}
        </p>
      )}

      {session.status === 'loading' ? (
        <PageSpinner />
      ) : session.status === 'failed' ? (
        <div className="py-10 text-center">
          <Button variant="secondary" onClick={session.retry}>
            Try again
          </Button>
        </div>
      ) : session.status === 'done' || !session.card ? (
        <ReviewSummary summary={session.summary} nextDueAt={session.nextDueAt} onStudyAhead={session.studyAhead} />
      ) : (
        <>
          <ReviewCardView card={session.card} revealed={session.revealed} />
          {session.revealed ? (
            <GradeButtons intervals={session.card.intervals} disabled={session.busy} onGrade={session.grade} />
          ) : (
            <Button size="lg" onClick={session.reveal} className="w-full sm:mx-auto sm:w-auto sm:min-w-64">
              Show answer
              <kbd className="rounded bg-brand-900 px-1.5 text-xs font-medium">Space</kbd>
            </Button>
          )}
        </>
      )}
    </section>
  );
}
