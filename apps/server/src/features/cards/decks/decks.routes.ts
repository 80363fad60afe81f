import type { FastifyInstance } from 'fastify';
import { CARD_LIST_PAGE_SIZE, cardOrdinals } from '@turtle/shared/cards';
import { studyDayAt } from '@turtle/shared/cards-day';
import { deckTree } from '@turtle/shared/cards-deck-tree';
import { CARD_MEDIA_PATH } from '@turtle/shared/card-media';
import { KEPT_NOTE_TYPE_TEXT } from '@turtle/shared/cards-template';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks.schemas';
import { HttpError } from '../../../lib/http-error';
import { onceForKey } from '../../../lib/idempotency';
import { route } from '../../../lib/route';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { freeUnusedMedia } from '../media/unused-media';
import { countOwnDrafts } from '../drafts/drafts.repository';
import { countsByDeck, queueCounts, remainingToday } from '../review/review-queue';
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
import { renderNoteFields } from './kept-note-fields';
import { ankiHtmlWriter } from '../transfer/anki-export-html';
import { ownNoteTypes } from '../transfer/anki-note-types.repository';
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
  route(app, cardDeckEndpoints.summary, { user: requireUser }, async ({ user, query: { tz } }) => {
    const settings = await getCardSettings(db, user.id);
    const now = Date.now();
    const counts = await queueCounts(db, { userId: user.id, day: studyDayAt(now, tz), now, settings });
    const [allowance, drafts] = await Promise.all([readAllowance(db, user), countOwnDrafts(db, user.id)]);
    return { dueToday: counts.learning + counts.review + counts.new, allowance, drafts };
  });

  route(app, cardDeckEndpoints.decks, { user: requireUser }, async ({ user, query: { tz } }) => {
    const settings = await getCardSettings(db, user.id);
    const now = Date.now();
    const scope = { userId: user.id, day: studyDayAt(now, tz), now, settings };
    const [decks, totals, due, left, allowance, drafts] = await Promise.all([
      listOwnDecks(db, user.id),
      cardCountsByDeck(db, user.id),
      countsByDeck(db, scope),
      remainingToday(db, scope),
      readAllowance(db, user),
      countOwnDrafts(db, user.id),
    ]);
    const own = decks.map((deck) => ({
      id: deck.id,
      name: deck.name,
      cards: totals.get(deck.id) ?? 0,
      due: due.get(deck.id) ?? { new: 0, learning: 0, review: 0 },
    }));
    // In tree order, each with its subdecks' counts rolled up (docs/decisions/041-subdecks.md).
    return {
      decks: deckTree(own, left).map(({ deck, parentId, depth, label, total }) => ({
        ...deck,
        parentId,
        depth,
        label,
        total,
      })),
      allowance,
      drafts,
    };
  });

  route(app, cardDeckEndpoints.createDeck, { user: requireUser }, async ({ user, body: { name } }) => {
    if (await findOwnDeckByName(db, user.id, name)) throw deckNameTaken();
    const deck = await resolveDeck(db, user.id, { deckName: name }, Date.now());
    return { deck: { id: deck.id, name: deck.name } };
  });

  route(app, cardDeckEndpoints.renameDeck, { user: requireUser }, async ({ user, body: { id, name } }) => {
    const deck = await renameOwnDeck(db, user.id, id, name);
    if (!deck) throw deckNotFound();
    return { deck: { id: deck.id, name: deck.name } };
  });

  route(app, cardDeckEndpoints.deleteDeck, { user: requireUser }, async ({ user, body: { id } }) => {
    // With its subdecks (docs/decisions/041-subdecks.md).
    if (!(await deleteOwnDeck(db, user.id, id))) throw deckNotFound();
    // The images and sounds only its cards used are freed (docs/decisions/038-card-media.md).
    await freeUnusedMedia(db, user.id);
    return { ok: true };
  });

  route(app, cardDeckEndpoints.list, { user: requireUser }, async ({ user, query: { deckId, offset } }) => {
    await requireOwnDeck(db, user.id, deckId);
    const { rows, total } = await listCardNotes(db, user.id, deckId, offset, CARD_LIST_PAGE_SIZE);
    return { cards: rows.map((row) => toCardNoteView(row)), total };
  });

  route(app, cardDeckEndpoints.get, { user: requireUser }, async ({ user, query: { id } }) => {
    const note = await findOwnCardNote(db, user.id, id);
    if (!note) throw cardNotFound();
    // A kept Anki note type's note comes with its fields, what its editor changes (decision 049).
    const [noteType] = note.noteTypeId ? await ownNoteTypes(db, user.id, [note.noteTypeId]) : [];
    return { card: toCardNoteView(note, noteType) };
  });

  /** A card written by hand, into a deck chosen by id or by name, within the plan's limit. */
  route(
    app,
    cardDeckEndpoints.create,
    { user: requireUser },
    async ({ user, body: { card, deck: choice } }, request) => {
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
    },
  );

  /** An edit; cards it adds (new cloze numbers, reversed) count against the limit, cards it keeps keep their history. */
  route(app, cardDeckEndpoints.update, { user: requireUser }, async ({ user, body: { id, card, deckId, fields } }) => {
    let hadMedia = false;
    // Loaded before the transaction, which on the embedded database holds the only connection.
    if (fields) await ankiHtmlWriter();
    const answer = await db.transaction(async (tx) => {
      const note = await findOwnCardNote(tx, user.id, id);
      if (!note) throw cardNotFound();
      hadMedia = JSON.stringify([note.front, note.back, note.fields, note.sides]).includes(CARD_MEDIA_PATH);
      await requireOwnDeck(tx, user.id, deckId);
      if (note.sides) {
        // A note of a kept Anki note type shows its cards as its templates render them (decision 042): its text
        // changes by its fields, all its cards following (decision 049); its front and back are its first card's.
        const [noteType] = note.noteTypeId ? await ownNoteTypes(tx, user.id, [note.noteTypeId]) : [];
        if (card.kind !== note.kind || !fields || !noteType) {
          if (card.kind !== note.kind || card.front !== note.front || card.back !== note.back) {
            throw new HttpError(409, 'conflict', KEPT_NOTE_TYPE_TEXT);
          }
          const ordinals = note.sides.map((side) => side.ordinal);
          const saved = await updateCardNote(tx, note, card, deckId, ordinals, [], Date.now());
          return { card: toCardNoteView(saved), allowance: await readAllowance(tx, user) };
        }
        const rendered = await renderNoteFields(tx, user.id, noteType, fields);
        const had = await ordinalsOf(tx, id);
        const wanted = rendered.sides.map((side) => side.ordinal);
        const add = wanted.filter((ordinal) => !had.includes(ordinal));
        await reserveCards(tx, user.id, add.length);
        const [first] = rendered.sides;
        const content = { ...card, front: first!.question, back: first!.answer };
        const keep = wanted.filter((ordinal) => had.includes(ordinal));
        const saved = await updateCardNote(tx, note, content, deckId, keep, add, Date.now(), rendered);
        return { card: toCardNoteView(saved), allowance: await readAllowance(tx, user) };
      }
      // A change of type starts its cards over (card 1 of a reversed note is not cloze 1 of a cloze note).
      const had = card.kind === note.kind ? await ordinalsOf(tx, id) : [];
      const wanted = cardOrdinals(card.kind, card.front);
      const keep = wanted.filter((ordinal) => had.includes(ordinal));
      const add = wanted.filter((ordinal) => !had.includes(ordinal));
      await reserveCards(tx, user.id, add.length);
      const saved = await updateCardNote(tx, note, card, deckId, keep, add, Date.now());
      return { card: toCardNoteView(saved), allowance: await readAllowance(tx, user) };
    });
    // An image or sound the edit took out may be used by no card any more.
    if (hadMedia) await freeUnusedMedia(db, user.id);
    return answer;
  });

  route(app, cardDeckEndpoints.delete, { user: requireUser }, async ({ user, body: { id } }) => {
    if (!(await deleteOwnCardNote(db, user.id, id))) throw cardNotFound();
    await freeUnusedMedia(db, user.id);
    return { ok: true };
  });
}
