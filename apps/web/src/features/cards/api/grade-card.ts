import type { GradeResponse, Rating } from '@turtle/shared/cards-review';
import { api } from '../../../lib/api-client';

/** `POST /api/cards/review/grade`: Again, Hard, Good or Easy, and how long the answer took. */
export const gradeCard = (cardId: string, rating: Rating, durationMs: number) =>
  api.postJson<GradeResponse>('/api/cards/review/grade', { cardId, rating, durationMs });
