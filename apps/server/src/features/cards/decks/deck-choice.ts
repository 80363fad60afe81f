import type { DeckChoice } from '@turtle/shared/cards';
import type { DbOrTx } from '../../../db/database';
import { findOrCreateDeck, requireOwnDeck, type DeckRow } from './decks.repository';

/** The deck a request names: one of the person's by id (else 404), or by name, made when missing. */
export function resolveDeck(db: DbOrTx, userId: string, choice: DeckChoice, now: number): Promise<DeckRow> {
  return 'deckId' in choice
    ? requireOwnDeck(db, userId, choice.deckId)
    : findOrCreateDeck(db, userId, choice.deckName, now);
}
