import { api } from '../../../../lib/api-client';

/** `POST /api/cards/decks/delete`: the deck, its cards and their review history. */
export const deleteDeck = (id: string) => api.postJson<{ ok: true }>('/api/cards/decks/delete', { id });
