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
import { endpointTable, get, post } from '../endpoint';

type DeckResponse = { deck: { id: string; name: string } };

/** docs/api.md "Flashcards": decks and cards, and the summary the header's Cards link shows. */
export const cardDeckEndpoints = endpointTable<CardDeckShapes>()({
  summary: get('/api/cards/summary'),
  decks: get('/api/cards/decks'),
  createDeck: post('/api/cards/decks/create', { encoding: 'json' }),
  renameDeck: post('/api/cards/decks/rename', { encoding: 'json' }),
  deleteDeck: post('/api/cards/decks/delete', { encoding: 'json' }),
  list: get('/api/cards/list'),
  get: get('/api/cards/get'),
  create: post('/api/cards/create', { encoding: 'json', idempotent: true }),
  update: post('/api/cards/update', { encoding: 'json' }),
  delete: post('/api/cards/delete', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type CardDeckShapes = {
  summary: { query: typeof TimeZoneQuerySchema; response: CardsSummary };
  decks: { query: typeof TimeZoneQuerySchema; response: ListDecksResponse };
  createDeck: { body: typeof CreateDeckBodySchema; response: DeckResponse };
  renameDeck: { body: typeof RenameDeckBodySchema; response: DeckResponse };
  deleteDeck: { body: typeof IdBodySchema; response: { ok: true } };
  list: { query: typeof ListCardsQuerySchema; response: ListCardsResponse };
  get: { query: typeof IdBodySchema; response: { card: CardNoteView } };
  create: { body: typeof CreateCardBodySchema; response: CardNoteResponse };
  update: { body: typeof UpdateCardBodySchema; response: CardNoteResponse };
  delete: { body: typeof IdBodySchema; response: { ok: true } };
};
