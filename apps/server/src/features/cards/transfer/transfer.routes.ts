import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CARD_IMPORT_MAX_BYTES,
  CARD_IMPORT_PREVIEW_ROWS,
  ExportQuerySchema,
  IMPORT_TOO_LARGE_MESSAGE,
  ImportBodySchema,
  type ImportBody,
  type ImportPreview,
  type ImportResponse,
} from '@turtle/shared/cards-import';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { perUser, rateLimited } from '../../../plugins/rate-limit';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { readAllowance, reserveCards } from '../decks/card-limit';
import { insertCardNotes, listAllCardNotes } from '../decks/card-notes.repository';
import { findOrCreateDeck, listOwnDecks, requireOwnDeck } from '../decks/decks.repository';
import { buildApkg } from './anki-export';
import { readCardHistories } from './anki-export-history';
import { toCsv } from './csv-format';
import { planImport, type ImportPlan } from './csv-import-plan';

export const IMPORTS_PER_MINUTE = 20;
/** The JSON body carries the CSV as a string: escaping can double its size. */
const IMPORT_BODY_LIMIT = 2 * CARD_IMPORT_MAX_BYTES + 64 * 1024;

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

async function checkAndPlan(db: DbOrTx, userId: string, body: ImportBody): Promise<ImportPlan> {
  if (Buffer.byteLength(body.csv, 'utf8') > CARD_IMPORT_MAX_BYTES) {
    throw new HttpError(413, 'payloadTooLarge', IMPORT_TOO_LARGE_MESSAGE);
  }
  const defaultDeck = body.deckId ? await requireOwnDeck(db, userId, body.deckId) : undefined;
  const decks = await listOwnDecks(db, userId);
  return planImport(body.csv, {
    decksByName: new Map(decks.map((deck) => [deck.name.toLowerCase(), deck])),
    defaultDeck,
    createMissingDecks: body.createMissingDecks,
  });
}

/** Export (CSV, Anki package) and CSV import with a preview (docs/decisions/012-flashcards.md). */
export function transferRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  const limiter = rateLimited(app, [{ name: 'cards-import', max: IMPORTS_PER_MINUTE, windowMs: 60_000, key: perUser }]);

  app.get('/api/cards/export', async (request, reply) => {
    const user = requireUser(request);
    const { format, deckId } = parseInput(ExportQuerySchema, request.query ?? {});
    const deck = deckId ? await requireOwnDeck(db, user.id, deckId) : undefined;
    const decks = deck ? [deck] : await listOwnDecks(db, user.id);
    const names = new Map(decks.map((item) => [item.id, item.name]));
    const notes = await listAllCardNotes(db, user.id, deck?.id);
    if (format === 'csv') {
      const csv = toCsv(notes.map((note) => ({ ...note, deck: names.get(note.deckId) ?? '' })));
      return download(reply, fileName(deck?.name, 'csv'), 'text/csv; charset=utf-8', csv);
    }
    const histories = await readCardHistories(db, user.id, deck?.id);
    const apkg = await buildApkg(
      decks,
      notes.map((note) => ({ ...note, history: histories.get(note.id) })),
    );
    return download(reply, fileName(deck?.name, 'apkg'), 'application/octet-stream', apkg);
  });

  app.post(
    '/api/cards/import/preview',
    { config: { accepts: 'json' }, bodyLimit: IMPORT_BODY_LIMIT, preHandler: limiter },
    async (request): Promise<ImportPreview> => {
      const user = requireUser(request);
      const body = parseInput(ImportBodySchema, request.body ?? {});
      const plan = await checkAndPlan(db, user.id, body);
      return {
        totalRows: plan.totalRows,
        rows: plan.rows.slice(0, CARD_IMPORT_PREVIEW_ROWS).map(({ content: _content, ...row }) => row),
        errors: plan.errors,
        newDecks: plan.newDecks,
        cards: plan.cards,
        allowance: await readAllowance(db, user),
      };
    },
  );

  /** All rows or none: any row error refuses the whole file; the limit is checked for all its cards at once. */
  app.post(
    '/api/cards/import',
    { config: { accepts: 'json' }, bodyLimit: IMPORT_BODY_LIMIT, preHandler: limiter },
    async (request): Promise<ImportResponse> => {
      const user = requireUser(request);
      const body = parseInput(ImportBodySchema, request.body ?? {});
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
            rows.map((row) => ({ content: row.content, source: null })),
            now,
          );
        }
        return { imported: plan.rows.length, cards: plan.cards, allowance: after };
      });
    },
  );
}
