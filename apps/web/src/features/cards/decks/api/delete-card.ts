import { api } from '../../../../lib/api-client';

/** `POST /api/cards/delete`: the card (all the cards its note makes). */
export const deleteCard = (id: string) => api.postJson<{ ok: true }>('/api/cards/delete', { id });
