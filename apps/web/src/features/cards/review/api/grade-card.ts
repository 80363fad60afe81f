import type { GradeBase, Rating } from '@turtle/shared/cards-review';
import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { api } from '../../../../lib/api-client';

/**
 * `POST /api/cards/review/grade`: Again, Hard, Good or Easy, how long the answer took, and the state the card was
 * shown in (`card.base`), so a double submit records one review and a grade on a card that moved on is a 409.
 */
export const gradeCard = (cardId: string, rating: Rating, durationMs: number, base: GradeBase) =>
  api.call(cardReviewEndpoints.grade, { body: { cardId, rating, durationMs, base } });
