import type { FastifyRequest } from 'fastify';

/** The origin the browser sees: `PUBLIC_URL`'s when set (behind a proxy), else the request's own. */
export function appOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}
