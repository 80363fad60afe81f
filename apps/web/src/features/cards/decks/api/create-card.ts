import type { CardContent, DeckChoice } from '@turtle/shared/cards';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/**
 * `POST /api/cards/create`: a card written by hand (403 `cardLimitReached` past the Free plan's limit). The
 * `idempotencyKey` makes a retry after a lost answer get the first card back instead of a second one.
 */
export const createCard = (card: CardContent, deck: DeckChoice, idempotencyKey: string) =>
  api.call(cardDeckEndpoints.create, { body: { card, deck }, idempotencyKey });
