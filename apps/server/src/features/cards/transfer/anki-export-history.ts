import { and, asc, eq } from 'drizzle-orm';
import { CardState } from '@turtle/shared/cards-review';
import { DAY_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../../../db/database';
import { cards, reviewLogs } from '../cards.tables';

/**
 * What an export carries of a card's past (docs/decisions/013-analytics-and-optimizer.md): its state, so Anki
 * schedules it where Turtle would, and its review log as Anki's `revlog`, so importing the package (into Turtle or
 * Anki) brings the history along.
 */
export interface ApkgCardHistory {
  state: number;
  due: number;
  scheduledDays: number;
  reps: number;
  lapses: number;
  reviews: { reviewedAt: number; rating: number; durationMs: number; stateBefore: number; scheduledDays: number }[];
}

/** The person's cards (of one deck, or all) with their logs, keyed by note id and ordinal. */
export async function readCardHistories(db: DbOrTx, userId: string, deckId: string | undefined) {
  const cardRows = await db
    .select({
      id: cards.id,
      noteId: cards.noteId,
      ordinal: cards.ordinal,
      state: cards.state,
      due: cards.due,
      scheduledDays: cards.scheduledDays,
      reps: cards.reps,
      lapses: cards.lapses,
    })
    .from(cards)
    .where(and(eq(cards.userId, userId), deckId ? eq(cards.deckId, deckId) : undefined));
  const logRows = await db
    .select({
      cardId: reviewLogs.cardId,
      reviewedAt: reviewLogs.reviewedAt,
      rating: reviewLogs.rating,
      durationMs: reviewLogs.durationMs,
      stateBefore: reviewLogs.stateBefore,
      scheduledDays: reviewLogs.scheduledDays,
    })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(asc(reviewLogs.cardId), asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
  const logs = new Map<string, ApkgCardHistory['reviews']>();
  for (const { cardId, ...review } of logRows) {
    const list = logs.get(cardId) ?? [];
    list.push(review);
    logs.set(cardId, list);
  }
  const byNote = new Map<string, Map<number, ApkgCardHistory>>();
  for (const { id, noteId, ordinal, ...state } of cardRows) {
    const notes = byNote.get(noteId) ?? new Map<number, ApkgCardHistory>();
    notes.set(ordinal, { ...state, reviews: logs.get(id) ?? [] });
    byNote.set(noteId, notes);
  }
  return byNote;
}

/** Anki's card columns for a state: type, queue, due (days since the collection began, or seconds for learning), ivl. */
export function ankiCardState(history: ApkgCardHistory | undefined, collectionStart: number, position: number) {
  if (!history || history.state === CardState.NEW)
    return { type: 0, queue: 0, due: position, ivl: 0, reps: 0, lapses: 0 };
  const learning = history.state === CardState.LEARNING || history.state === CardState.RELEARNING;
  return {
    type: history.state,
    queue: learning ? 1 : 2,
    due: learning ? Math.floor(history.due / 1000) : Math.floor((history.due - collectionStart) / DAY_MS),
    ivl: history.scheduledDays,
    reps: history.reps,
    lapses: history.lapses,
  };
}

/** Anki's revlog type for the state a card was in: 0 learning, 1 review, 2 relearning. */
export const ankiReviewType = (stateBefore: number) =>
  stateBefore === CardState.REVIEW ? 1 : stateBefore === CardState.RELEARNING ? 2 : 0;
