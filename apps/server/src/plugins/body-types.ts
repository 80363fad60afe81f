import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one body encoding a route reads; any other is refused with 415 (rules.md "Security controls"). */
    accepts?: 'json' | 'form' | 'binary';
  }
}

const MEDIA_TYPES = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  binary: 'application/octet-stream',
} as const;
const MESSAGES = {
  json: 'This request must be sent as JSON.',
  form: 'This request must be sent as a form.',
  binary: 'Send the file itself as the body (application/octet-stream).',
} as const;

/**
 * Bodies are JSON or form-encoded, nothing else: `text/plain` is what a cross-site form can send without a
 * preflight, so no route reads it. A route that declares `accepts` also refuses the other encoding.
 */
export function registerBodyTypes(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // A file upload (an Anki package) is read as bytes, only by a route that declares `accepts: 'binary'`.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  // Before parsing, so a body no parser reads still gets this route's own message.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const accepts = request.routeOptions.config.accepts;
    const contentType = request.headers['content-type'];
    if (contentType === undefined) return payload;
    const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
    if (!accepts) {
      if (mediaType === MEDIA_TYPES.binary) {
        throw new HttpError(415, 'unsupportedMediaType', 'That content type is not accepted here.');
      }
      return payload;
    }
    if (mediaType !== MEDIA_TYPES[accepts]) throw new HttpError(415, 'unsupportedMediaType', MESSAGES[accepts]);
    return payload;
  });
}
