import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/review/undo`: takes back the last grade; answers that card, as it was. */
export const undoGrade = () => api.call(cardReviewEndpoints.undo);
