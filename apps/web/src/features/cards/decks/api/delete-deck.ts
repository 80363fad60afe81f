import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/decks/delete`: the deck, its cards and their review history. */
export const deleteDeck = (id: string) => api.call(cardDeckEndpoints.deleteDeck, { body: { id } });
