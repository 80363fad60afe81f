import type { CardNoteView } from '@turtle/shared/cards';
import { api } from '../../../../lib/api-client';

/** `GET /api/cards/get?id=`: one of the person's cards (404 for anyone else's). */
export const getCard = async (id: string, signal?: AbortSignal) =>
  (await api.get<{ card: CardNoteView }>(`/api/cards/get?${new URLSearchParams({ id })}`, signal)).card;
