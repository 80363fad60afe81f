import type {
  CardNoteResponse,
  CardNoteView,
  CardsSummary,
  CreateCardBodySchema,
  CreateDeckBodySchema,
  IdBodySchema,
  ListCardsQuerySchema,
  ListCardsResponse,
  ListDecksResponse,
  RenameDeckBodySchema,
  UpdateCardBodySchema,
} from '../../cards';
import type { TimeZoneQuerySchema } from '../../cards-day';
import { defineEndpoints, shapes } from '../endpoint';

type DeckResponse = { deck: { id: string; name: string } };

/** docs/api.md "Flashcards": decks and cards, and the summary the header's Cards link shows. */
export const cardDeckEndpoints = defineEndpoints({
  summary: {
    method: 'GET',
    path: '/api/cards/summary',
    shapes: shapes<{ query: typeof TimeZoneQuerySchema; response: CardsSummary }>(),
  },
  decks: {
    method: 'GET',
    path: '/api/cards/decks',
    shapes: shapes<{ query: typeof TimeZoneQuerySchema; response: ListDecksResponse }>(),
  },
  createDeck: {
    method: 'POST',
    path: '/api/cards/decks/create',
    encoding: 'json',
    shapes: shapes<{ body: typeof CreateDeckBodySchema; response: DeckResponse }>(),
  },
  renameDeck: {
    method: 'POST',
    path: '/api/cards/decks/rename',
    encoding: 'json',
    shapes: shapes<{ body: typeof RenameDeckBodySchema; response: DeckResponse }>(),
  },
  deleteDeck: {
    method: 'POST',
    path: '/api/cards/decks/delete',
    encoding: 'json',
    shapes: shapes<{ body: typeof IdBodySchema; response: { ok: true } }>(),
  },
  list: {
    method: 'GET',
    path: '/api/cards/list',
    shapes: shapes<{ query: typeof ListCardsQuerySchema; response: ListCardsResponse }>(),
  },
  get: {
    method: 'GET',
    path: '/api/cards/get',
    shapes: shapes<{ query: typeof IdBodySchema; response: { card: CardNoteView } }>(),
  },
  create: {
    method: 'POST',
    path: '/api/cards/create',
    encoding: 'json',
    idempotent: true,
    shapes: shapes<{ body: typeof CreateCardBodySchema; response: CardNoteResponse }>(),
  },
  update: {
    method: 'POST',
    path: '/api/cards/update',
    encoding: 'json',
    shapes: shapes<{ body: typeof UpdateCardBodySchema; response: CardNoteResponse }>(),
  },
  delete: {
    method: 'POST',
    path: '/api/cards/delete',
    encoding: 'json',
    shapes: shapes<{ body: typeof IdBodySchema; response: { ok: true } }>(),
  },
});
