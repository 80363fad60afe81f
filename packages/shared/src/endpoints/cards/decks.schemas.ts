import {
  CreateCardBodySchema,
  CreateDeckBodySchema,
  IdBodySchema,
  ListCardsQuerySchema,
  RenameDeckBodySchema,
  UpdateCardBodySchema,
} from '../../cards';
import { TimeZoneQuerySchema } from '../../cards-day';
import { withInputSchemas } from '../input-schemas';
import { cardDeckEndpoints as entries } from './decks';

/** `./decks.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardDeckEndpoints = withInputSchemas(entries, {
  summary: { query: TimeZoneQuerySchema },
  decks: { query: TimeZoneQuerySchema },
  createDeck: { body: CreateDeckBodySchema },
  renameDeck: { body: RenameDeckBodySchema },
  deleteDeck: { body: IdBodySchema },
  list: { query: ListCardsQuerySchema },
  get: { query: IdBodySchema },
  create: { body: CreateCardBodySchema },
  update: { body: UpdateCardBodySchema },
  delete: { body: IdBodySchema },
});
