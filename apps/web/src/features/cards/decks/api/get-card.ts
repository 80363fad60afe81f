import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/** `GET /api/cards/get?id=`: one of the person's cards (404 for anyone else's). */
export const getCard = async (id: string, signal?: AbortSignal) =>
  (await api.call(cardDeckEndpoints.get, { query: { id }, signal })).card;
