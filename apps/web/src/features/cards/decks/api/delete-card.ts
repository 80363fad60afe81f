import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/delete`: the card (all the cards its note makes). */
export const deleteCard = (id: string) => api.call(cardDeckEndpoints.delete, { body: { id } });
