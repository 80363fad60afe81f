import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APKG_MAX_BYTES, APKG_TOO_LARGE_MESSAGE } from '@turtle/shared/cards-import';
import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer.schemas';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { rateLimited } from '../../../plugins/rate-limit';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { readAllowance, reserveCards } from '../decks/card-limit';
import { existingNoteIds } from '../decks/card-notes.repository';
import { listOwnDecks } from '../decks/decks.repository';
import type { SchedulerSettings } from '../review/scheduler';
import { getCardSettings } from '../settings.repository';
import { mediaQuota } from '../media/card-media.repository';
import { checkPackageFits, writeApkgImport } from './anki-import';
import { balanceImport } from './anki-import-balance';
import { writeImportMedia } from './anki-import-media';
import { mayBeTurtleNoteId } from './anki-import-plan';
import { runApkgJob } from './apkg-job';
import { withTightHeap } from './import-heap';
import { IMPORT_RATE_LIMIT } from './import-rate-limit';

/** The package's bytes: sent as the body itself (`application/octet-stream`), at most 50 MB. */
function packageBytes(request: FastifyRequest): Uint8Array {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new HttpError(400, 'validation', 'Send the .apkg file as the request body.');
  }
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}

/**
 * The package read, planned and (with `settings`) its history replayed, in a worker (apkg-job.ts): nothing of it
 * runs on the event loop, and a package over the budget is refused before the work it would cost.
 */
function planFor(
  db: DbOrTx,
  request: FastifyRequest,
  userId: string,
  settings: SchedulerSettings | null,
  zone = 'UTC',
) {
  return runApkgJob({
    bytes: packageBytes(request),
    replay: settings,
    zone,
    log: request.log,
    lookup: async (guids) => ({
      existingNoteIds: [...(await existingNoteIds(db, userId, guids))],
      deckNames: (await listOwnDecks(db, userId)).map((deck) => deck.name),
    }),
  });
}

/**
 * Anki package import (docs/decisions/013-analytics-and-optimizer.md): a preview of what comes in and is left out,
 * then the import in one transaction.
 */
export function ankiImportRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  const limiter = rateLimited(app, [IMPORT_RATE_LIMIT]);
  const options = {
    user: requireUser,
    bodyLimit: APKG_MAX_BYTES,
    preHandler: limiter,
    // Said before the upload is read, in the package's terms (a chunked upload past it gets the generic 413).
    onRequest: async (request: FastifyRequest) => {
      if (Number(request.headers['content-length'] ?? 0) > APKG_MAX_BYTES) {
        throw new HttpError(413, 'payloadTooLarge', APKG_TOO_LARGE_MESSAGE);
      }
    },
  };

  route(app, cardTransferEndpoints.previewApkg, options, async ({ user }, request) => {
    const plan = await planFor(db, request, user.id, null);
    return {
      ...plan.summary,
      allowance: await readAllowance(db, user),
      media: { ...plan.media.summary, quota: await mediaQuota(db, user) },
    };
  });

  /**
   * Everything or nothing: read and replayed before the transaction (in the worker), then one transaction, the
   * plan's limit checked for the whole package first. The transaction is only the writing: on PGlite it holds the
   * one connection every other request waits for.
   */
  route(app, cardTransferEndpoints.importApkg, options, async ({ user, query: { tz } }, request) => {
    packageBytes(request);
    const settings = await getCardSettings(db, user.id);
    const plan = await planFor(db, request, user.id, settings, tz);
    if (plan.summary.cards === 0) {
      throw new HttpError(400, 'validation', 'The package has no cards Turtle can import. Nothing was imported.');
    }
    const byDeck = plan.byDeck!;
    return withTightHeap(() =>
      db.transaction(async (tx) => {
        await reserveCards(tx, user.id, 0);
        // Another import of the same Turtle export may have finished while this one was read.
        const planned = byDeck.flatMap(([, notes]) => notes.map((note) => note.guid));
        if ((await existingNoteIds(tx, user.id, planned.filter(mayBeTurtleNoteId))).size > 0) {
          throw new HttpError(
            409,
            'conflict',
            'Some of these notes were imported meanwhile. Import the package again to add the rest. Nothing was imported.',
          );
        }
        await checkPackageFits(tx, user, plan.summary.cards);
        const quota = await writeImportMedia(tx, user, plan.media.files ?? [], Date.now());
        await balanceImport(tx, { userId: user.id, byDeck, settings, zone: tz, now: Date.now() });
        await writeApkgImport(tx, user.id, byDeck, plan.noteTypes, plan.summary.cards, Date.now());
        return {
          ...plan.summary,
          allowance: await readAllowance(tx, user),
          media: { ...plan.media.summary, quota },
        };
      }),
    );
  });
}
