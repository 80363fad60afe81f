import { and, desc, eq } from 'drizzle-orm';
import type { Grade } from 'ts-fsrs';
import type { CardSettings, GradeResponse, Rating } from '@turtle/shared/cards-review';
import type { Db } from '../../db/database';
import { cards, reviewLogs } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { cardNotFound } from './card-notes.repository';
import { fromFsrsCard, schedulerFor, toFsrsCard, type CardMemory } from './scheduler';

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

/**
 * Grades one of the person's cards at `now` with ts-fsrs and keeps the grade in the review log, in one transaction
 * (the card's row is locked, so two grades of one card at once apply one after the other).
 */
export async function gradeCard(
  db: Db,
  input: { userId: string; cardId: string; rating: Rating; durationMs: number; settings: CardSettings; now: number },
): Promise<GradeResponse> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(memoryColumns)
      .from(cards)
      .where(and(eq(cards.id, input.cardId), eq(cards.userId, input.userId)))
      .for('update');
    const before = rows[0];
    if (!before) throw cardNotFound();
    const { card, log } = schedulerFor(input.settings).next(
      toFsrsCard(before),
      new Date(input.now),
      input.rating as Grade,
    );
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
    return { cardId: input.cardId, state: after.state as GradeResponse['state'], due: after.due };
  });
}

export const nothingToUndo = () => new HttpError(404, 'notFound', 'There is no grade to undo.');

/** Takes back the person's last grade: the card returns to the state it had, and the log entry goes. */
export async function undoLastGrade(db: Db, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: reviewLogs.id, cardId: reviewLogs.cardId, previous: reviewLogs.previous })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, userId))
      .orderBy(desc(reviewLogs.id))
      .limit(1)
      .for('update');
    const last = rows[0];
    if (!last) throw nothingToUndo();
    await tx
      .update(cards)
      .set(last.previous as unknown as CardMemory)
      .where(and(eq(cards.id, last.cardId), eq(cards.userId, userId)));
    await tx.delete(reviewLogs).where(eq(reviewLogs.id, last.id));
    return last.cardId;
  });
}
