import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/decks/rename`. */
export const renameDeck = async (id: string, name: string) =>
  (await api.call(cardDeckEndpoints.renameDeck, { body: { id, name } })).deck;
