import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { cards, reviewLogs } from '../cards.tables';
import type { LoggedReview } from './anki-fsrs';

/**
 * What an export carries of a card's past (docs/decisions/013-analytics-and-optimizer.md): its state and memory
 * state, so Anki schedules it where Turtle would (anki-export-fsrs.ts), and its review log as Anki's `revlog`, so importing the package (into Turtle or
 * Anki) brings the history along.
 */
export interface ApkgCardHistory {
  /** The card's own deck (docs/decisions/042-anki-note-types.md: it may be another than its note's). */
  deckId?: string;
  state: number;
  due: number;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: number | null;
  reviews: LoggedReview[];
}

/** The person's cards (of one deck, or all) with their logs, keyed by note id and ordinal. */
export async function readCardHistories(db: DbOrTx, userId: string, deckIds: string[] | undefined) {
  const cardRows = await db
    .select({
      id: cards.id,
      noteId: cards.noteId,
      ordinal: cards.ordinal,
      deckId: cards.deckId,
      state: cards.state,
      due: cards.due,
      stability: cards.stability,
      difficulty: cards.difficulty,
      scheduledDays: cards.scheduledDays,
      learningSteps: cards.learningSteps,
      reps: cards.reps,
      lapses: cards.lapses,
      lastReview: cards.lastReview,
    })
    .from(cards)
    .where(and(eq(cards.userId, userId), deckIds ? inArray(cards.deckId, deckIds) : undefined));
  const logRows = await db
    .select({
      cardId: reviewLogs.cardId,
      reviewedAt: reviewLogs.reviewedAt,
      rating: reviewLogs.rating,
      durationMs: reviewLogs.durationMs,
      stateBefore: reviewLogs.stateBefore,
      stateAfter: reviewLogs.stateAfter,
      dueAfter: reviewLogs.dueAfter,
      scheduledDays: reviewLogs.scheduledDays,
      difficultyAfter: reviewLogs.difficultyAfter,
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
