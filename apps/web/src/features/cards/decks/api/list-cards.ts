import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/** `GET /api/cards/list?deckId=&offset=`: a page of a deck's cards, newest first. */
export const listCards = (deckId: string, offset: number, signal?: AbortSignal) =>
  api.call(cardDeckEndpoints.list, { query: { deckId, offset }, signal });
