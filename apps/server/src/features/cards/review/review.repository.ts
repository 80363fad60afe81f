import { and, desc, eq, gte, max } from 'drizzle-orm';
import {
  CARD_ALREADY_REVIEWED_MESSAGE,
  type CardSettings,
  type GradeBase,
  type GradeResponse,
  type Rating,
} from '@turtle/shared/cards-review';
import type { Db, DbOrTx, Tx } from '../../../db/database';
import { cards, reviewLogs } from '../cards.tables';
import { HttpError } from '../../../lib/http-error';
import { cardNotFound } from '../decks/card-notes.repository';
import { balancedGradeAt } from './balanced-grade';
import { fromFsrsCard, type CardMemory } from './scheduler';

/** A card's FSRS memory, as the scheduler reads it (shared by the review, the queue and the forecast). */
export const memoryColumns = {
  state: cards.state,
  due: cards.due,
  stability: cards.stability,
  difficulty: cards.difficulty,
  elapsedDays: cards.elapsedDays,
  scheduledDays: cards.scheduledDays,
  learningSteps: cards.learningSteps,
  reps: cards.reps,
  lapses: cards.lapses,
  lastReview: cards.lastReview,
};

export const cardAlreadyReviewed = () => new HttpError(409, 'conflict', CARD_ALREADY_REVIEWED_MESSAGE);

const isState = (memory: { reps: number; lastReview: number | null }, base: GradeBase) =>
  memory.reps === base.reps && (memory.lastReview ?? null) === base.lastReview;

/**
 * The answer a grade already got, when this one repeats it: the card's last review was made on `base` with the
 * same rating (a double click, a retry whose answer was lost, twenty at once). Undefined otherwise.
 */
async function answerOfSameGrade(
  tx: Tx,
  input: { cardId: string; rating: Rating; base: GradeBase },
): Promise<GradeMade | undefined> {
  const [last] = await tx
    .select({
      rating: reviewLogs.rating,
      previous: reviewLogs.previous,
      stateAfter: reviewLogs.stateAfter,
      dueAfter: reviewLogs.dueAfter,
      reviewedAt: reviewLogs.reviewedAt,
    })
    .from(reviewLogs)
    .where(eq(reviewLogs.cardId, input.cardId))
    .orderBy(desc(reviewLogs.id))
    .limit(1);
  if (!last || last.rating !== input.rating) return undefined;
  const { reps, lastReview } = last.previous;
  if (typeof reps !== 'number' || !isState({ reps, lastReview: lastReview ?? null }, input.base)) return undefined;
  const answer = { cardId: input.cardId, state: last.stateAfter as GradeResponse['state'], due: last.dueAfter };
  return { answer, gradedAt: last.reviewedAt };
}

/** A grade's answer, and when the grade was made (a repeated grade: when the first was). */
export interface GradeMade {
  answer: GradeResponse;
  gradedAt: number;
}

/**
 * Grades one of the person's cards at `now` with ts-fsrs and keeps the grade in the review log, in one transaction
 * with the card's row locked (`SELECT … FOR UPDATE`), so grades of one card at once run one after the other. With
 * `base` (the state the card was shown in; docs/decisions/012-flashcards.md) a grade is recorded only on that state:
 * the same grade again gets the first answer and records nothing, any other grade on a state the card has left is
 * 409. Without `base` (older clients) the grade applies to the card as it is. Elapsed days are study days in the
 * learner's `zone` (UTC when the grade names none).
 * A review interval is load balanced when the learner keeps that on (docs/decisions/043-daily-load.md).
 */
export async function gradeCard(...args: Parameters<typeof makeGrade>): Promise<GradeResponse> {
  return (await makeGrade(...args)).answer;
}

/** `gradeCard`, also answering when the grade was made: a repeated grade answers the time of the first. */
export async function makeGrade(
  db: DbOrTx,
  input: {
    userId: string;
    cardId: string;
    rating: Rating;
    durationMs: number;
    settings: CardSettings;
    now: number;
    base?: GradeBase;
    zone?: string;
  },
): Promise<GradeMade> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(memoryColumns)
      .from(cards)
      .where(and(eq(cards.id, input.cardId), eq(cards.userId, input.userId)))
      .for('update');
    const before = rows[0];
    if (!before) throw cardNotFound();
    if (input.base && !isState(before, input.base)) {
      const answer = await answerOfSameGrade(tx, { cardId: input.cardId, rating: input.rating, base: input.base });
      if (answer) return answer;
      throw cardAlreadyReviewed();
    }
    const { card, log } = await balancedGradeAt(tx, {
      userId: input.userId,
      cardId: input.cardId,
      memory: before,
      settings: input.settings,
      now: input.now,
      rating: input.rating,
      zone: input.zone ?? 'UTC',
    });
    const after = fromFsrsCard(card);
    await tx.update(cards).set(after).where(eq(cards.id, input.cardId));
    await tx.insert(reviewLogs).values({
      userId: input.userId,
      cardId: input.cardId,
      rating: input.rating,
      stateBefore: before.state,
      stateAfter: after.state,
      dueBefore: before.due,
      dueAfter: after.due,
      stabilityBefore: before.stability,
      difficultyBefore: before.difficulty,
      stabilityAfter: after.stability,
      difficultyAfter: after.difficulty,
      elapsedDays: log.elapsed_days,
      lastElapsedDays: log.last_elapsed_days,
      scheduledDays: after.scheduledDays,
      learningSteps: log.learning_steps,
      reviewedAt: input.now,
      durationMs: input.durationMs,
      previous: before,
    });
    const answer = { cardId: input.cardId, state: after.state as GradeResponse['state'], due: after.due };
    return { answer, gradedAt: input.now };
  });
}

export const nothingToUndo = () => new HttpError(404, 'notFound', 'There is no grade to undo.');

/**
 * A grade the person made in Turtle, not a review an Anki import brought along: an imported review happened before
 * its card came to Turtle (the import replays the history into a card made at the import), a grade made here on or
 * after it. The log has no column saying which, and this needs none.
 */
const ownGrade = gte(reviewLogs.reviewedAt, cards.createdAt);

/**
 * Takes back the person's last own grade: the card returns to the state it had, and the log entry goes. Imported
 * reviews are never taken back (with only those, there is nothing to undo). The log row and its card are locked;
 * a grade of that card that committed while this waited for the lock is newer, so the search runs once more.
 */
export async function undoLastGrade(db: Db, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    for (let attempt = 0; ; attempt++) {
      const rows = await tx
        .select({ id: reviewLogs.id, cardId: reviewLogs.cardId, previous: reviewLogs.previous })
        .from(reviewLogs)
        .innerJoin(cards, eq(cards.id, reviewLogs.cardId))
        .where(and(eq(reviewLogs.userId, userId), ownGrade))
        .orderBy(desc(reviewLogs.id))
        .limit(1)
        .for('update');
      const last = rows[0];
      if (!last) throw nothingToUndo();
      const [newest] = await tx
        .select({ id: max(reviewLogs.id) })
        .from(reviewLogs)
        .where(eq(reviewLogs.cardId, last.cardId));
      if (newest?.id !== last.id) {
        // Once the card is locked no grade of it can land any more: one more look finds the newest.
        if (attempt === 0) continue;
        throw new HttpError(409, 'conflict', 'This grade can no longer be undone: the card was reviewed again since.');
      }
      await tx
        .update(cards)
        .set(last.previous as unknown as CardMemory)
        .where(and(eq(cards.id, last.cardId), eq(cards.userId, userId)));
      await tx.delete(reviewLogs).where(eq(reviewLogs.id, last.id));
      return last.cardId;
    }
  });
}
