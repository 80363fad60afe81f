import type { FastifyInstance, FastifyReply } from 'fastify';
import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer.schemas';
import { route } from '../../../lib/route';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { listAllCardNotes } from '../decks/card-notes.repository';
import { listOwnDecks, ownDeckSubtree, requireOwnDeck } from '../decks/decks.repository';
import { ownNoteTypes } from './anki-note-types.repository';
import { getCardSettings } from '../settings.repository';
import { buildApkg } from './anki-export';
import { exportMedia } from './anki-export-media';
import { readCardHistories } from './anki-export-history';
import { toCsv } from './csv-format';

/** A file name a browser keeps: the deck's name in plain letters, or "turtle-cards". */
function fileName(deckName: string | undefined, extension: string) {
  const slug = (deckName ?? '')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${slug ? `turtle-${slug}` : 'turtle-cards'}.${extension}`;
}

function download(reply: FastifyReply, name: string, type: string, body: string | Uint8Array) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/** Export of one deck or all, as CSV or as an Anki package with the cards' states and review logs. */
export function exportRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  route(app, cardTransferEndpoints.export, { user: requireUser }, async ({ user, query }, _request, reply) => {
    const { format, deckId } = query;
    // A deck goes with its subdecks, named "Parent::Child" as Anki names them (docs/decisions/041-subdecks.md).
    const deck = deckId ? await requireOwnDeck(db, user.id, deckId) : undefined;
    const decks = deck ? await ownDeckSubtree(db, user.id, deck.id) : await listOwnDecks(db, user.id);
    const names = new Map(decks.map((item) => [item.id, item.name]));
    const deckIds = deck ? decks.map((item) => item.id) : undefined;
    const notes = await listAllCardNotes(db, user.id, deckIds);
    // Kept Anki note types go back with their notes' fields (docs/decisions/042-anki-note-types.md), in a package
    // and in a CSV row (docs/decisions/047-anki-note-fields-and-styles.md).
    const noteTypeIds = [...new Set(notes.flatMap((note) => (note.noteTypeId ? [note.noteTypeId] : [])))];
    if (format === 'csv') {
      const typeNames = new Map((await ownNoteTypes(db, user.id, noteTypeIds)).map((type) => [type.id, type.name]));
      const csv = toCsv(
        notes.map((note) => ({
          ...note,
          deck: names.get(note.deckId) ?? '',
          noteType: note.noteTypeId ? typeNames.get(note.noteTypeId) : undefined,
        })),
      );
      return download(reply, fileName(deck?.name, 'csv'), 'text/csv; charset=utf-8', csv);
    }
    const histories = await readCardHistories(db, user.id, deckIds);
    const apkg = await buildApkg(
      decks,
      notes.map((note) => ({ ...note, history: histories.get(note.id) })),
      Date.now(),
      await getCardSettings(db, user.id),
      await exportMedia(
        db,
        user.id,
        notes.flatMap((note) => [note.front, note.back, ...(note.fields ?? [])]),
      ),
      await ownNoteTypes(db, user.id, noteTypeIds),
    );
    return download(reply, fileName(deck?.name, 'apkg'), 'application/octet-stream', apkg);
  });
}
