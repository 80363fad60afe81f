import type { FastifyInstance } from 'fastify';
import { studyDayAt } from '@turtle/shared/cards-day';
import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review.schemas';
import { onceForKey } from '../../../lib/idempotency';
import { route } from '../../../lib/route';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { cardNotFound } from '../decks/card-notes.repository';
import { deckNotFound, ownDeckSubtree } from '../decks/decks.repository';
import { getCardSettings, saveCardSettings } from '../settings.repository';
import { forecastLoad } from './load-forecast';
import { nextCard, reviewCardById } from './review-queue';
import { makeGrade, undoLastGrade } from './review.repository';

/** Studying a deck studies its subdecks too (docs/decisions/041-subdecks.md); another person's deck is 404. */
async function studiedDecks(db: CardsOptions['db'], userId: string, deckId: string | undefined) {
  if (!deckId) return undefined;
  const decks = await ownDeckSubtree(db, userId, deckId);
  if (decks.length === 0) throw deckNotFound();
  return decks.map((deck) => deck.id);
}

/**
 * Reviewing (FSRS through ts-fsrs): the next card of today's queue, a grade, undo, the settings, and the load the
 * next 30 days would bring at a retention (docs/decisions/013-analytics-and-optimizer.md).
 */
export function reviewRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  route(app, cardReviewEndpoints.next, { user: requireUser }, async ({ user, query: { deckId, tz, ahead } }) => {
    const deckIds = await studiedDecks(db, user.id, deckId);
    const settings = await getCardSettings(db, user.id);
    const now = Date.now();
    const scope = { userId: user.id, deckIds, day: studyDayAt(now, tz), zone: tz, now, settings };
    return nextCard(db, scope, ahead === '1');
  });

  /**
   * A grade is made once (docs/decisions/012-flashcards.md): `base` names the state the card was shown in (the same
   * grade on it again gets the first answer, another on a state the card has left is 409), and an `Idempotency-Key`,
   * when sent, gets a retry the first answer whatever the card has done since (decision 017). The answer carries the
   * queue's next card once the grade is made (docs/api.md "Flashcards"), read at the grade's time, so the same grade
   * again answers the same next card too.
   */
  route(app, cardReviewEndpoints.grade, { user: requireUser }, async ({ user, body }, request) => {
    const { cardId, rating, durationMs, base, queue } = body;
    const { deckId, tz, ahead } = queue ?? { tz: 'UTC', ahead: false };
    const deckIds = await studiedDecks(db, user.id, deckId);
    const settings = await getCardSettings(db, user.id);
    return onceForKey(db, request, { scope: 'grade', userId: user.id }, async (tx) => {
      // Elapsed days are counted in the learner's study days (docs/decisions/012-flashcards.md); no zone is UTC.
      const input = { userId: user.id, cardId, rating, durationMs, settings, now: Date.now(), base, zone: tz };
      const { answer, gradedAt: now } = await makeGrade(tx, input);
      const scope = { userId: user.id, deckIds, day: studyDayAt(now, tz), zone: tz, now, settings };
      return { ...answer, next: await nextCard(tx, scope, ahead) };
    });
  });

  route(app, cardReviewEndpoints.undo, { user: requireUser }, async ({ user }) => {
    const cardId = await undoLastGrade(db, user.id);
    const settings = await getCardSettings(db, user.id);
    const card = await reviewCardById(db, user.id, cardId, settings, Date.now());
    if (!card) throw cardNotFound();
    return { card };
  });

  route(app, cardReviewEndpoints.settings, { user: requireUser }, async ({ user }) => {
    return { settings: await getCardSettings(db, user.id) };
  });

  route(app, cardReviewEndpoints.saveSettings, { user: requireUser }, async ({ user, body: settings }) => {
    await saveCardSettings(db, user.id, settings, Date.now());
    return { settings: await getCardSettings(db, user.id) };
  });

  route(app, cardReviewEndpoints.forecast, { user: requireUser }, async ({ user, query }) => {
    const { retention, tz, newPerDay } = query;
    const settings = await getCardSettings(db, user.id);
    return forecastLoad(db, {
      userId: user.id,
      retention,
      weights: settings.weights ?? null,
      newPerDay: newPerDay ?? settings.newPerDay,
      tz,
      now: Date.now(),
    });
  });
}
