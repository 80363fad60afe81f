import type { CardContent, CardNoteResponse } from '@turtle/shared/cards';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/update`: new text, type or deck; cards it keeps keep their history. */
export const updateCard = (id: string, card: CardContent, deckId: string) =>
  api.postJson<CardNoteResponse>('/api/cards/update', { id, card, deckId });
