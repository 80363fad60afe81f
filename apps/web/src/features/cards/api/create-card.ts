import type { CardContent, CardNoteResponse, DeckChoice } from '@turtle/shared/cards';
import { api } from '../../../lib/api-client';

/** `POST /api/cards/create`: a card written by hand (403 `cardLimitReached` past the Free plan's limit). */
export const createCard = (card: CardContent, deck: DeckChoice) =>
  api.postJson<CardNoteResponse>('/api/cards/create', { card, deck });
