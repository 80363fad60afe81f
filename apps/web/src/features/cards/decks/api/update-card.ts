import type { CardContent } from '@turtle/shared/cards';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../../lib/api-client';

/**
 * `POST /api/cards/update`: new text, type or deck; cards it keeps keep their history. A kept Anki note type's note
 * sends its fields (docs/decisions/047-anki-note-fields-and-styles.md).
 */
export const updateCard = (id: string, card: CardContent, deckId: string, fields?: string[]) =>
  api.call(cardDeckEndpoints.update, { body: { id, card, deckId, ...(fields ? { fields } : {}) } });
