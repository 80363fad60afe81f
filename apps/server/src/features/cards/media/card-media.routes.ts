import type { FastifyInstance } from 'fastify';
import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer.schemas';
import { requireUser } from '../../../core/identity/sessions';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { sendRanged } from '../../../lib/send-ranged';
import type { CardsOptions } from '../cards-options';
import { findOwnMedia } from './card-media.repository';

const SHA256 = /^[0-9a-f]{64}$/;

/** The address names the content, and only its owner reads it: kept for good, by this browser only. */
const CACHE = 'private, max-age=31536000, immutable';

/**
 * `GET /api/cards/media/:sha256` (docs/decisions/038-card-media.md, docs/security.md 7d.3): an image or sound of the
 * person's cards, as the type its first bytes said when it was kept (only images and sounds are ever kept), never
 * sniffed by the browser, in a sandbox with no sources even if opened as a page; another person's file is a 404.
 * Range requests for sounds (seeking), an ETag (the hash) and a year-long private cache.
 */
export function cardMediaRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  route(app, cardTransferEndpoints.media, { user: requireUser }, async ({ user, params }, request, reply) => {
    const notFound = new HttpError(404, 'notFound', 'That image or sound does not exist.');
    if (!SHA256.test(params.sha256)) throw notFound;
    const file = await findOwnMedia(db, user.id, params.sha256);
    if (!file) throw notFound;
    return sendRanged(request, reply, {
      size: file.bytes.length,
      etag: `"${params.sha256}"`,
      contentType: file.mime,
      cacheControl: CACHE,
      noun: 'file',
      read: async (range) => (range ? file.bytes.subarray(range.start, range.end + 1) : file.bytes),
    });
  });
}
