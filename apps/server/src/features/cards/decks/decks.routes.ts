import type { FastifyInstance } from 'fastify';
import {
  CARD_LIST_PAGE_SIZE,
  cardOrdinals,
  CreateCardBodySchema,
  CreateDeckBodySchema,
  IdBodySchema,
  ListCardsQuerySchema,
  RenameDeckBodySchema,
  UpdateCardBodySchema,
  type CardNoteResponse,
  type CardsSummary,
  type ListCardsResponse,
  type ListDecksResponse,
} from '@turtle/shared/cards';
import { studyDayAt, TimeZoneQuerySchema } from '@turtle/shared/cards-day';
import { onceForKey } from '../../../lib/idempotency';
import { parseInput } from '../../../lib/validate';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { countOwnDrafts } from '../drafts/drafts.repository';
import { countsByDeck, queueCounts } from '../review/review-queue';
import { getCardSettings } from '../settings.repository';
import { readAllowance, reserveCards } from './card-limit';
import {
  cardNotFound,
  deleteOwnCardNote,
  findOwnCardNote,
  insertCardNotes,
  listCardNotes,
  ordinalsOf,
  toCardNoteView,
  updateCardNote,
} from './card-notes.repository';
import { resolveDeck } from './deck-choice';
import {
  cardCountsByDeck,
  deckNameTaken,
  deckNotFound,
  deleteOwnDeck,
  findOwnDeckByName,
  listOwnDecks,
  renameOwnDeck,
  requireOwnDeck,
} from './decks.repository';

/**
 * Decks and cards, and the summary the header shows (docs/decisions/012-flashcards.md), each query scoped to the
 * session's user: another person's id answers 404.
 */
export function decksRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  app.get('/api/cards/summary', async (request): Promise<CardsSummary> => {
    const user = requireUser(request);
    const { tz } = parseInput(TimeZoneQuerySchema, request.query ?? {});
    const settings = await getCardSettings(db, user.id);
    const now = Date.now();
    const counts = await queueCounts(db, { userId: user.id, day: studyDayAt(now, tz), now, settings });
    const [allowance, drafts] = await Promise.all([readAllowance(db, user), countOwnDrafts(db, user.id)]);
    return { dueToday: counts.learning + counts.review + counts.new, allowance, drafts };
  });

  app.get('/api/cards/decks', async (request): Promise<ListDecksResponse> => {
    const user = requireUser(request);
    const { tz } = parseInput(TimeZoneQuerySchema, request.query ?? {});
    const settings = await getCardSettings(db, user.id);
    const now = Date.now();
    const scope = { userId: user.id, day: studyDayAt(now, tz), now, settings };
    const [decks, totals, due, allowance, drafts] = await Promise.all([
      listOwnDecks(db, user.id),
      cardCountsByDeck(db, user.id),
      countsByDeck(db, scope),
      readAllowance(db, user),
      countOwnDrafts(db, user.id),
    ]);
    return {
      decks: decks.map((deck) => ({
        id: deck.id,
        name: deck.name,
        cards: totals.get(deck.id) ?? 0,
        due: due.get(deck.id) ?? { new: 0, learning: 0, review: 0 },
      })),
      allowance,
      drafts,
    };
  });

  app.post('/api/cards/decks/create', { config: { accepts: 'json' } }, async (request) => {
    const user = requireUser(request);
    const { name } = parseInput(CreateDeckBodySchema, request.body ?? {});
    if (await findOwnDeckByName(db, user.id, name)) throw deckNameTaken();
    const deck = await resolveDeck(db, user.id, { deckName: name }, Date.now());
    return { deck: { id: deck.id, name: deck.name } };
  });

  app.post('/api/cards/decks/rename', { config: { accepts: 'json' } }, async (request) => {
    const user = requireUser(request);
    const { id, name } = parseInput(RenameDeckBodySchema, request.body ?? {});
    const deck = await renameOwnDeck(db, user.id, id, name);
    if (!deck) throw deckNotFound();
    return { deck: { id: deck.id, name: deck.name } };
  });

  app.post('/api/cards/decks/delete', { config: { accepts: 'json' } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(IdBodySchema, request.body ?? {});
    if (!(await deleteOwnDeck(db, user.id, id))) throw deckNotFound();
    return { ok: true };
  });

  app.get('/api/cards/list', async (request): Promise<ListCardsResponse> => {
    const user = requireUser(request);
    const { deckId, offset } = parseInput(ListCardsQuerySchema, request.query ?? {});
    await requireOwnDeck(db, user.id, deckId);
    const { rows, total } = await listCardNotes(db, user.id, deckId, offset, CARD_LIST_PAGE_SIZE);
    return { cards: rows.map(toCardNoteView), total };
  });

  app.get('/api/cards/get', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(IdBodySchema, request.query ?? {});
    const note = await findOwnCardNote(db, user.id, id);
    if (!note) throw cardNotFound();
    return { card: toCardNoteView(note) };
  });

  /** A card written by hand, into a deck chosen by id or by name, within the plan's limit. */
  app.post('/api/cards/create', { config: { accepts: 'json' } }, async (request): Promise<CardNoteResponse> => {
    const user = requireUser(request);
    const { card, deck: choice } = parseInput(CreateCardBodySchema, request.body ?? {});
    // A retry of a create whose answer was lost (same Idempotency-Key) gets the first card, not a second one.
    return onceForKey(db, request, { scope: 'card', userId: user.id }, (outer) =>
      // The limit is checked under a lock, so always inside a transaction (a savepoint within the key's).
      outer.transaction(async (tx) => {
        const now = Date.now();
        const allowance = await reserveCards(tx, user.id, cardOrdinals(card.kind, card.front).length);
        const deck = await resolveDeck(tx, user.id, choice, now);
        const [note] = await insertCardNotes(tx, user.id, deck.id, [{ content: card, source: null }], now);
        return { card: toCardNoteView(note!), allowance };
      }),
    );
  });

  /** An edit; cards it adds (new cloze numbers, reversed) count against the limit, cards it keeps keep their history. */
  app.post('/api/cards/update', { config: { accepts: 'json' } }, async (request): Promise<CardNoteResponse> => {
    const user = requireUser(request);
    const { id, card, deckId } = parseInput(UpdateCardBodySchema, request.body ?? {});
    return db.transaction(async (tx) => {
      const note = await findOwnCardNote(tx, user.id, id);
      if (!note) throw cardNotFound();
      await requireOwnDeck(tx, user.id, deckId);
      // A change of type starts its cards over (card 1 of a reversed note is not cloze 1 of a cloze note).
      const had = card.kind === note.kind ? await ordinalsOf(tx, id) : [];
      const wanted = cardOrdinals(card.kind, card.front);
      const keep = wanted.filter((ordinal) => had.includes(ordinal));
      const add = wanted.filter((ordinal) => !had.includes(ordinal));
      await reserveCards(tx, user.id, add.length);
      const saved = await updateCardNote(tx, note, card, deckId, keep, add, Date.now());
      return { card: toCardNoteView(saved), allowance: await readAllowance(tx, user) };
    });
  });

  app.post('/api/cards/delete', { config: { accepts: 'json' } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(IdBodySchema, request.body ?? {});
    if (!(await deleteOwnCardNote(db, user.id, id))) throw cardNotFound();
    return { ok: true };
  });
}
