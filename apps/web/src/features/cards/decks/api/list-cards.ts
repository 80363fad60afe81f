import type { ListCardsResponse } from '@turtle/shared/cards';
import { api } from '../../../../lib/api-client';

/** `GET /api/cards/list?deckId=&offset=`: a page of a deck's cards, newest first. */
export const listCards = (deckId: string, offset: number, signal?: AbortSignal) =>
  api.get<ListCardsResponse>(`/api/cards/list?${new URLSearchParams({ deckId, offset: String(offset) })}`, signal);
