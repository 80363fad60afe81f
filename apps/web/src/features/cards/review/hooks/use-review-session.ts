import { useCallback, useEffect, useRef, useState } from 'react';
import type { NextCardResponse, QueueCounts, Rating, ReviewCard } from '@turtle/shared/cards-review';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { useServerMutation } from '../../../../lib/query/use-server-mutation';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { getNextCard } from '../api/get-next-card';
import { gradeCard } from '../api/grade-card';
import { undoGrade } from '../api/undo-grade';
import { cardsChanged } from '../../shared/lib/cards-changed';

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
 * The next card of the queue. It changes only when the learner grades, undoes or asks again, never underneath them
 * (no refresh on mount or reconnect), and each visit starts from the server's queue, not from where an earlier one
 * stopped (forgotten on leaving). Every answer is a new card to show, its answer hidden, even one equal to the last.
 */
const queueQuery = (deckId: string | undefined, ahead = false) => ({
  queryKey: queryKeys.reviewQueue(deckId),
  queryFn: ({ signal }: { signal: AbortSignal }) => getNextCard({ deckId, ahead }, signal),
  staleTime: Infinity,
  gcTime: 0,
  structuralSharing: false,
});

/**
 * A review session over today's queue (of one deck, or all): the server picks each next card, and a grade's answer
 * carries it (one round trip); the session keeps the progress, the summary, and the grades it can take back (one
 * at a time, last first).
 */
export function useReviewSession(deckId: string | undefined): ReviewSession {
  const queue = useServerQuery(queueQuery(deckId));
  const next = queue.data;
  const [shown, setShown] = useState(next);
  const [revealed, setRevealed] = useState(false);
  const [summary, setSummary] = useState(emptySummary);
  const [history, setHistory] = useState<{ rating: Rating; ms: number }[]>([]);
  const shownAt = useRef(0);

  // A new answer from the queue: its card starts with the answer hidden (adjusted while rendering).
  if (next !== shown) {
    setShown(next);
    setRevealed(false);
  }
  useEffect(() => {
    shownAt.current = performance.now();
  }, [next]);

  const readQueue = useCallback(
    (ahead = false) => queryClient.fetchQuery({ ...queueQuery(deckId, ahead), staleTime: 0 }),
    [deckId],
  );
  // A grade or an undo (busy until it is done), and a read of the queue (Try again, study ahead, a learning card
  // coming back): one error line shows the last one's failure.
  const writing = useServerMutation((action: () => Promise<void>) => action());
  const reading = useServerMutation(readQueue);
  const { run: write, reset: forgetWrite } = writing;
  const { run: read, reset: forgetRead } = reading;
  const ask = useCallback(
    (ahead = false) => {
      forgetWrite();
      void read(ahead);
    },
    [forgetWrite, read],
  );
  const act = useCallback(
    (action: () => Promise<void>) => {
      forgetRead();
      void write(action);
    },
    [forgetRead, write],
  );

  const failed = next === undefined && queue.isError && !queue.isFetching;
  const status: ReviewSession['status'] =
    next === undefined ? (failed ? 'failed' : 'loading') : next.card ? 'card' : 'done';

  // A learning card due soon: look again when it is.
  const nextDueAt = next?.card ? null : (next?.nextDueAt ?? null);
  useEffect(() => {
    if (status !== 'done' || nextDueAt === null) return;
    const wait = nextDueAt - Date.now();
    if (wait > 30 * 60_000) return;
    const timer = setTimeout(() => ask(), Math.max(1000, wait + 500));
    return () => clearTimeout(timer);
  }, [status, nextDueAt, ask]);

  const card = next?.card ?? null;
  const busy = writing.busy;
  const grade = useCallback(
    (rating: Rating) => {
      if (!card || !revealed || busy) return;
      const ms = Math.round(performance.now() - shownAt.current);
      act(async () => {
        try {
          const graded = await gradeCard({ cardId: card.id, rating, durationMs: ms, base: card.base }, deckId);
          cardsChanged();
          // The answer carries the next card; one kept for a retry before it did has none, so the queue is asked.
          let unread: unknown;
          if (graded.next) queryClient.setQueryData(queryKeys.reviewQueue(deckId), graded.next);
          else await readQueue().catch((caught: unknown) => void (unread = caught));
          // Counted once the next card is here, in the same render that shows it and ends `busy`: a count that moved
          // first invited keys (Space, a grade, U) that the session, still busy, dropped.
          setHistory((items) => [...items, { rating, ms }]);
          setSummary((current) => ({
            reviewed: current.reviewed + 1,
            ratings: { ...current.ratings, [rating]: current.ratings[rating] + 1 },
            studyMs: current.studyMs + ms,
          }));
          if (unread !== undefined) throw unread;
        } catch (caught) {
          // 409: the card left the state it was shown in (graded in another tab, or this grade already counted).
          // Nothing to retry and nothing to count here: move on to whatever the queue holds now.
          if (!(caught instanceof ApiError && caught.status === 409)) throw caught;
          cardsChanged();
          await readQueue();
        }
      });
    },
    [card, revealed, busy, act, deckId, readQueue],
  );

  const undo = useCallback(() => {
    const last = history.at(-1);
    if (!last || busy) return;
    act(async () => {
      const { card: restored } = await undoGrade();
      setHistory((items) => items.slice(0, -1));
      setSummary((current) => ({
        reviewed: current.reviewed - 1,
        ratings: { ...current.ratings, [last.rating]: current.ratings[last.rating] - 1 },
        studyMs: current.studyMs - last.ms,
      }));
      const counts = next?.counts ?? EMPTY_COUNTS;
      queryClient.setQueryData<NextCardResponse>(queryKeys.reviewQueue(deckId), {
        card: restored,
        counts,
        nextDueAt: null,
      });
      cardsChanged();
    });
  }, [history, busy, next, deckId, act]);

  return {
    status,
    card,
    counts: next?.counts ?? EMPTY_COUNTS,
    nextDueAt,
    revealed,
    busy,
    error: writing.error ?? reading.error ?? (failed ? errorMessage(queue.error) : null),
    summary,
    canUndo: history.length > 0,
    reveal: useCallback(() => setRevealed(true), []),
    grade,
    undo,
    studyAhead: useCallback(() => ask(true), [ask]),
    retry: useCallback(() => ask(), [ask]),
  };
}
