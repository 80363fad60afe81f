import { api } from '../../../../lib/api-client';

/** `POST /api/cards/decks/rename`. */
export const renameDeck = async (id: string, name: string) =>
  (await api.postJson<{ deck: { id: string; name: string } }>('/api/cards/decks/rename', { id, name })).deck;
