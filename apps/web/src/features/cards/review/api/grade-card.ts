import type { GradeBase, Rating } from '@turtle/shared/cards-review';
import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/**
 * `POST /api/cards/review/grade`: Again, Hard, Good or Easy, how long the answer took, and the state the card was
 * shown in (`card.base`), so a double submit records one review and a grade on a card that moved on is a 409. The
 * answer carries the next card of the queue it names (of `deckId`, or of all decks), so a review is one round trip.
 */
export function gradeCard(
  grade: { cardId: string; rating: Rating; durationMs: number; base: GradeBase },
  deckId: string | undefined,
) {
  const queue = { deckId: deckId || undefined, tz: browserTimeZone(), ahead: false };
  return api.call(cardReviewEndpoints.grade, { body: { ...grade, queue } });
}
