import * as cards from '../../cards';
import * as cardsDay from '../../cards-day';
import { withInputSchemas } from '../input-schemas';
import { cardDeckEndpoints as entries } from './decks';

/** `./decks.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardDeckEndpoints = withInputSchemas(entries, {
  summary: { query: cardsDay.TimeZoneQuerySchema },
  decks: { query: cardsDay.TimeZoneQuerySchema },
  createDeck: { body: cards.CreateDeckBodySchema },
  renameDeck: { body: cards.RenameDeckBodySchema },
  deleteDeck: { body: cards.IdBodySchema },
  list: { query: cards.ListCardsQuerySchema },
  get: { query: cards.IdBodySchema },
  create: { body: cards.CreateCardBodySchema },
  update: { body: cards.UpdateCardBodySchema },
  delete: { body: cards.IdBodySchema },
});
