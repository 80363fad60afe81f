import type { CardContent, CardNoteResponse, DeckChoice } from '@turtle/shared/cards';
import { IDEMPOTENCY_KEY_HEADER } from '@turtle/shared/idempotency';
import { api } from '../../../../lib/api-client';

/**
 * `POST /api/cards/create`: a card written by hand (403 `cardLimitReached` past the Free plan's limit). The
 * `idempotencyKey` makes a retry after a lost answer get the first card back instead of a second one.
 */
export const createCard = (card: CardContent, deck: DeckChoice, idempotencyKey: string) =>
  api.postJson<CardNoteResponse>('/api/cards/create', { card, deck }, { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey });
