import type { Grade } from 'ts-fsrs';
import { REVIEW_DURATION_MAX_MS } from '@turtle/shared/cards-review';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import { cardLimitMessage } from '@turtle/shared/entitlements';
import type { Tx } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import type { AnkiReview } from './apkg-read';
import type { ApkgPlan } from './apkg-import-plan';
import { readAllowance, reserveCards } from './card-limit';
import { insertCardNotes, type ImportedReview, type NewCardNote } from './card-notes.repository';
import { findOrCreateDeck } from './decks.repository';
import {
  fromFsrsCard,
  newCardMemory,
  schedulerFor,
  toFsrsCard,
  type CardMemory,
  type SchedulerSettings,
} from './scheduler';

/**
 * A card's Anki history replayed through the learner's own FSRS scheduler: each grade at its time, so the card's
 * state and the log are exactly what grading those cards here would have made (and undo and the optimizer read
 * them as any other review).
 */
export function replayHistory(
  reviews: AnkiReview[],
  settings: SchedulerSettings,
): { memory: CardMemory; reviews: ImportedReview[] } {
  const scheduler = schedulerFor(settings);
  let memory = newCardMemory(reviews[0]!.at);
  const logs: ImportedReview[] = [];
  for (const review of reviews) {
    const before = memory;
    const { card, log } = scheduler.next(
      toFsrsCard(before),
      new Date(Math.max(review.at, before.lastReview ?? 0)),
      review.ease as Grade,
    );
    memory = fromFsrsCard(card);
    logs.push({
      rating: review.ease,
      stateBefore: before.state,
      stateAfter: memory.state,
      dueBefore: before.due,
      dueAfter: memory.due,
      stabilityBefore: before.stability,
      difficultyBefore: before.difficulty,
      stabilityAfter: memory.stability,
      difficultyAfter: memory.difficulty,
      elapsedDays: log.elapsed_days,
      lastElapsedDays: log.last_elapsed_days,
      scheduledDays: memory.scheduledDays,
      learningSteps: log.learning_steps,
      reviewedAt: review.at,
      durationMs: Math.min(Math.max(0, review.timeMs), REVIEW_DURATION_MAX_MS),
      previous: before,
    });
  }
  return { memory, reviews: logs };
}

/** The Free plan's limit against a whole package, said in the package's terms before anything is written. */
export async function checkPackageFits(tx: Tx, user: { id: string; plan: number; expireAt: number }, cards: number) {
  const allowance = await readAllowance(tx, user);
  if (allowance.max !== null && allowance.used + cards > allowance.max) {
    const room = Math.max(0, allowance.max - allowance.used);
    throw new HttpError(
      403,
      'cardLimitReached',
      `This package has ${cards.toLocaleString('en-US')} cards and your plan has room for ${room.toLocaleString('en-US')} more. ` +
        `${cardLimitMessage(allowance.max)} Nothing was imported.`,
    );
  }
}

/** Writes a planned import inside the caller's transaction: decks, notes, cards with their state, and the log. */
export async function writeApkgImport(
  tx: Tx,
  userId: string,
  plan: ApkgPlan,
  settings: SchedulerSettings,
  now: number,
): Promise<Omit<ApkgSummary, 'allowance' | 'samples'>> {
  await reserveCards(tx, userId, plan.summary.cards);
  for (const [deckName, notes] of plan.byDeck) {
    const deck = await findOrCreateDeck(tx, userId, deckName, now);
    const rows: NewCardNote[] = notes.map((note) => ({
      content: note.content,
      source: null,
      history: new Map([...note.history].map(([ordinal, reviews]) => [ordinal, replayHistory(reviews, settings)])),
    }));
    await insertCardNotes(tx, userId, deck.id, rows, now);
  }
  const { samples: _samples, ...summary } = plan.summary;
  return summary;
}
