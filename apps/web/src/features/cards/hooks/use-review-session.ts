import { useCallback, useEffect, useRef, useState } from 'react';
import type { NextCardResponse, QueueCounts, Rating, ReviewCard } from '@turtle/shared/cards-review';
import { announceCardsChanged } from '../../../lib/cards-events';
import { errorMessage, isAbort } from '../../../lib/error-message';
import { getNextCard } from '../api/get-next-card';
import { gradeCard } from '../api/grade-card';
import { undoGrade } from '../api/undo-grade';

export interface SessionSummary {
  reviewed: number;
  ratings: Record<Rating, number>;
  /** Time spent looking at cards, in ms. */
  studyMs: number;
}

export interface ReviewSession {
  status: 'loading' | 'card' | 'done' | 'failed';
  card: ReviewCard | null;
  counts: QueueCounts;
  nextDueAt: number | null;
  revealed: boolean;
  busy: boolean;
  error: string | null;
  summary: SessionSummary;
  canUndo: boolean;
  reveal: () => void;
  grade: (rating: Rating) => void;
  undo: () => void;
  studyAhead: () => void;
  retry: () => void;
}

const EMPTY_COUNTS: QueueCounts = { new: 0, learning: 0, review: 0 };
const emptySummary = (): SessionSummary => ({ reviewed: 0, ratings: { 1: 0, 2: 0, 3: 0, 4: 0 }, studyMs: 0 });

/**
 * A review session over today's queue (of one deck, or all): the server picks each next card; the session keeps
 * the progress, the summary, and the grades it can take back (one at a time, last first).
 */
export function useReviewSession(deckId: string | undefined): ReviewSession {
  const [next, setNext] = useState<NextCardResponse | null>(null);
  const [status, setStatus] = useState<ReviewSession['status']>('loading');
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState(emptySummary);
  const [history, setHistory] = useState<{ rating: Rating; ms: number }[]>([]);
  const shownAt = useRef(0);

  const show = useCallback((response: NextCardResponse) => {
    setNext(response);
    setRevealed(false);
    setStatus(response.card ? 'card' : 'done');
    shownAt.current = performance.now();
  }, []);

  const load = useCallback(
    async (options: { ahead?: boolean; signal?: AbortSignal } = {}) => {
      try {
        show(await getNextCard({ deckId, ahead: options.ahead }, options.signal));
        setError(null);
      } catch (caught) {
        if (isAbort(caught)) return;
        setError(errorMessage(caught));
        setStatus((current) => (current === 'loading' ? 'failed' : current));
      }
    },
    [deckId, show],
  );

  useEffect(() => {
    const controller = new AbortController();
    getNextCard({ deckId }, controller.signal)
      .then(show)
      .catch((caught: unknown) => {
        if (isAbort(caught)) return;
        setError(errorMessage(caught));
        setStatus('failed');
      });
    return () => controller.abort();
  }, [deckId, show]);

  // A learning card due soon: look again when it is.
  const nextDueAt = next?.card ? null : (next?.nextDueAt ?? null);
  useEffect(() => {
    if (status !== 'done' || nextDueAt === null) return;
    const wait = nextDueAt - Date.now();
    if (wait > 30 * 60_000) return;
    const timer = setTimeout(() => void load(), Math.max(1000, wait + 500));
    return () => clearTimeout(timer);
  }, [status, nextDueAt, load]);

  const card = next?.card ?? null;
  const grade = useCallback(
    (rating: Rating) => {
      if (!card || !revealed || busy) return;
      const ms = Math.round(performance.now() - shownAt.current);
      setBusy(true);
      gradeCard(card.id, rating, ms)
        .then(async () => {
          setHistory((items) => [...items, { rating, ms }]);
          setSummary((current) => ({
            reviewed: current.reviewed + 1,
            ratings: { ...current.ratings, [rating]: current.ratings[rating] + 1 },
            studyMs: current.studyMs + ms,
          }));
          announceCardsChanged();
          await load();
        })
        .catch((caught: unknown) => setError(errorMessage(caught)))
        .finally(() => setBusy(false));
    },
    [card, revealed, busy, load],
  );

  const undo = useCallback(() => {
    const last = history.at(-1);
    if (!last || busy) return;
    setBusy(true);
    undoGrade()
      .then(({ card: restored }) => {
        setHistory((items) => items.slice(0, -1));
        setSummary((current) => ({
          reviewed: current.reviewed - 1,
          ratings: { ...current.ratings, [last.rating]: current.ratings[last.rating] - 1 },
          studyMs: current.studyMs - last.ms,
        }));
        const counts = next?.counts ?? EMPTY_COUNTS;
        show({ card: restored, counts, nextDueAt: null });
        announceCardsChanged();
        setError(null);
      })
      .catch((caught: unknown) => setError(errorMessage(caught)))
      .finally(() => setBusy(false));
  }, [history, busy, next, show]);

  return {
    status,
    card,
    counts: next?.counts ?? EMPTY_COUNTS,
    nextDueAt,
    revealed,
    busy,
    error,
    summary,
    canUndo: history.length > 0,
    reveal: useCallback(() => setRevealed(true), []),
    grade,
    undo,
    studyAhead: useCallback(() => void load({ ahead: true }), [load]),
    retry: useCallback(() => void load(), [load]),
  };
}
