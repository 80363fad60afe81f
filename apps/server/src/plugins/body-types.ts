import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one body encoding a route reads; any other is refused with 415 (rules.md "Security controls"). */
    accepts?: 'json' | 'form';
  }
}

const MEDIA_TYPES = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

/**
 * Bodies are JSON or form-encoded, nothing else: `text/plain` is what a cross-site form can send without a
 * preflight, so no route reads it. A route that declares `accepts` also refuses the other encoding.
 */
export function registerBodyTypes(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // Before parsing, so a body no parser reads still gets this route's own message.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const accepts = request.routeOptions.config.accepts;
    const contentType = request.headers['content-type'];
    if (!accepts || contentType === undefined) return payload;
    const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
    if (mediaType !== MEDIA_TYPES[accepts]) {
      throw new HttpError(
        415,
        'unsupportedMediaType',
        accepts === 'json' ? 'This request must be sent as JSON.' : 'This request must be sent as a form.',
      );
    }
    return payload;
  });
}
