import type { FastifyInstance } from 'fastify';
import {
  CARD_IMPORT_MAX_BYTES,
  CARD_IMPORT_PREVIEW_ROWS,
  IMPORT_TOO_LARGE_MESSAGE,
  type ImportBody,
} from '@turtle/shared/cards-import';
import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer.schemas';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { rateLimited } from '../../../plugins/rate-limit';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { readAllowance, reserveCards } from '../decks/card-limit';
import { insertCardNotes } from '../decks/card-notes.repository';
import { findOrCreateDeck, listOwnDecks, requireOwnDeck } from '../decks/decks.repository';
import { planImport, type ImportPlan } from './csv-import-plan';
import { resolveCsvNoteTypes } from './csv-import-note-types';
import { IMPORT_RATE_LIMIT } from './import-rate-limit';

/** The JSON body carries the CSV as a string: escaping can double its size. */
const IMPORT_BODY_LIMIT = 2 * CARD_IMPORT_MAX_BYTES + 64 * 1024;

type CheckedPlan = ImportPlan & { keptNoteTypeNotes: number; unknownNoteTypeNotes: number };

async function checkAndPlan(db: DbOrTx, userId: string, body: ImportBody): Promise<CheckedPlan> {
  if (Buffer.byteLength(body.csv, 'utf8') > CARD_IMPORT_MAX_BYTES) {
    throw new HttpError(413, 'payloadTooLarge', IMPORT_TOO_LARGE_MESSAGE);
  }
  const defaultDeck = body.deckId ? await requireOwnDeck(db, userId, body.deckId) : undefined;
  const decks = await listOwnDecks(db, userId);
  const plan = planImport(body.csv, {
    decksByName: new Map(decks.map((deck) => [deck.name.toLowerCase(), deck])),
    defaultDeck,
    createMissingDecks: body.createMissingDecks,
  });
  // Rows of an export's kept notes become notes of the person's note types (decision 047); not when any row fails.
  const counts = plan.errors.length
    ? { keptNoteTypeNotes: 0, unknownNoteTypeNotes: 0 }
    : await resolveCsvNoteTypes(db, userId, plan);
  return { ...plan, ...counts };
}

/** CSV import: a preview of the rows, then every row or none (docs/decisions/012-flashcards.md). */
export function csvImportRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  const limiter = rateLimited(app, [IMPORT_RATE_LIMIT]);

  const options = { user: requireUser, bodyLimit: IMPORT_BODY_LIMIT, preHandler: limiter };

  route(app, cardTransferEndpoints.previewCsv, options, async ({ user, body }) => {
    const plan = await checkAndPlan(db, user.id, body);
    return {
      totalRows: plan.totalRows,
      rows: plan.rows
        .slice(0, CARD_IMPORT_PREVIEW_ROWS)
        .map(({ content: _content, noteType: _noteType, kept: _kept, ...row }) => row),
      errors: plan.errors,
      newDecks: plan.newDecks,
      cards: plan.cards,
      allowance: await readAllowance(db, user),
      keptNoteTypeNotes: plan.keptNoteTypeNotes,
      unknownNoteTypeNotes: plan.unknownNoteTypeNotes,
    };
  });

  /** All rows or none: any row error refuses the whole file; the limit is checked for all its cards at once. */
  route(app, cardTransferEndpoints.importCsv, options, async ({ user, body }) => {
    return db.transaction(async (tx) => {
      // The person's row is locked first, so decks and cards are counted as no other request changes them.
      await reserveCards(tx, user.id, 0);
      const plan = await checkAndPlan(tx, user.id, body);
      if (plan.errors.length) {
        const more = plan.errors.length > 1 ? ` (and ${plan.errors.length - 1} more)` : '';
        throw new HttpError(400, 'validation', `${plan.errors[0]!.message}${more} Nothing was imported.`);
      }
      if (plan.rows.length === 0)
        throw new HttpError(400, 'validation', 'The file has no cards. Nothing was imported.');
      const after = await reserveCards(tx, user.id, plan.cards);
      const now = Date.now();
      const byDeck = new Map<string, typeof plan.rows>();
      for (const row of plan.rows) {
        const rows = byDeck.get(row.deck) ?? [];
        rows.push(row);
        byDeck.set(row.deck, rows);
      }
      for (const [deckName, rows] of byDeck) {
        const deck = await findOrCreateDeck(tx, user.id, deckName, now);
        await insertCardNotes(
          tx,
          user.id,
          deck.id,
          rows.map((row) => ({ content: row.content, source: null, ...(row.kept ? { noteType: row.kept } : {}) })),
          now,
        );
      }
      return {
        imported: plan.rows.length,
        cards: plan.cards,
        allowance: after,
        keptNoteTypeNotes: plan.keptNoteTypeNotes,
        unknownNoteTypeNotes: plan.unknownNoteTypeNotes,
      };
    });
  });
}
