import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/decks/create`: 409 when the person has a deck of that name. */
export const createDeck = async (name: string) =>
  (await api.call(cardDeckEndpoints.createDeck, { body: { name } })).deck;
