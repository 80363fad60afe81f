import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APKG_MAX_BYTES, APKG_TOO_LARGE_MESSAGE, type ApkgSummary } from '@turtle/shared/cards-import';
import { containsNul } from '@turtle/shared/text';
import type { DbOrTx } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { perUser, rateLimited } from '../../plugins/rate-limit';
import { requireUser } from '../../core/identity/sessions';
import { planApkgImport } from './apkg-import-plan';
import { checkPackageFits, writeApkgImport } from './apkg-import';
import { readApkg } from './apkg-read';
import { readAllowance, reserveCards } from './card-limit';
import { existingNoteIds } from './card-notes.repository';
import type { CardsOptions } from './cards-options';
import { listOwnDecks } from './decks.repository';
import { getCardSettings } from './settings.repository';
import { IMPORTS_PER_MINUTE } from './transfer.routes';

/** The package's bytes: sent as the body itself (`application/octet-stream`), at most 50 MB. */
function packageBytes(request: FastifyRequest): Uint8Array {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new HttpError(400, 'validation', 'Send the .apkg file as the request body.');
  }
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}

async function planFor(db: DbOrTx, userId: string, bytes: Uint8Array) {
  const collection = await readApkg(bytes);
  const decks = await listOwnDecks(db, userId);
  return planApkgImport(collection, {
    // A guid with NUL cannot be one of our note ids, and PostgreSQL refuses it even in a query.
    existingNoteIds: await existingNoteIds(
      db,
      userId,
      collection.notes.map((note) => note.guid).filter((guid) => !containsNul(guid)),
    ),
    decksByName: new Map(decks.map((deck) => [deck.name.toLowerCase(), deck])),
  });
}

/** Anki package import (issue 14): a preview of what comes in and is left out, then the import in one transaction. */
export function apkgImportRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  const limiter = rateLimited(app, [{ name: 'cards-import', max: IMPORTS_PER_MINUTE, windowMs: 60_000, key: perUser }]);
  const options = {
    config: { accepts: 'binary' as const },
    bodyLimit: APKG_MAX_BYTES,
    preHandler: limiter,
    // Said before the upload is read, in the package's terms (a chunked upload past it gets the generic 413).
    onRequest: async (request: FastifyRequest) => {
      if (Number(request.headers['content-length'] ?? 0) > APKG_MAX_BYTES) {
        throw new HttpError(413, 'payloadTooLarge', APKG_TOO_LARGE_MESSAGE);
      }
    },
  };

  app.post('/api/cards/import/apkg/preview', options, async (request): Promise<ApkgSummary> => {
    const user = requireUser(request);
    const plan = await planFor(db, user.id, packageBytes(request));
    return { ...plan.summary, allowance: await readAllowance(db, user) };
  });

  /** Everything or nothing: one transaction, the plan's limit checked for the whole package first. */
  app.post('/api/cards/import/apkg', options, async (request): Promise<ApkgSummary> => {
    const user = requireUser(request);
    const bytes = packageBytes(request);
    const settings = await getCardSettings(db, user.id);
    return db.transaction(async (tx) => {
      await reserveCards(tx, user.id, 0);
      const plan = await planFor(tx, user.id, bytes);
      if (plan.summary.cards === 0) {
        throw new HttpError(400, 'validation', 'The package has no cards Turtle can import. Nothing was imported.');
      }
      await checkPackageFits(tx, user, plan.summary.cards);
      const summary = await writeApkgImport(tx, user.id, plan, settings, Date.now());
      return { ...summary, samples: plan.summary.samples, allowance: await readAllowance(tx, user) };
    });
  });
}
