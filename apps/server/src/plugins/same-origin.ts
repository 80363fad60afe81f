import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appOrigin } from '../lib/app-origin';
import { HttpError } from '../lib/http-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes that outside services call (payment webhooks, an OIDC token endpoint); they authenticate another way. */
    allowCrossOrigin?: boolean;
  }
}

/**
 * CSRF defence for cookie-authenticated calls (rules.md): a state-changing request must come from our own
 * origin, judged by `Sec-Fetch-Site` or `Origin`. A request with neither header is not from a browser that could
 * be tricked into sending it, unless it carries a cookie, in which case we refuse it too.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicOrigin: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.allowCrossOrigin) return;
    if (!isSameOrigin(request, publicOrigin)) {
      throw new HttpError(403, 'forbidden', 'This request did not come from Turtle itself, so it was refused.');
    }
  });
}

export function isSameOrigin(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  if (origin !== undefined) return origin === appOrigin(request, publicOrigin);
  if (fetchSite === 'same-origin') return true;
  return request.headers.cookie === undefined;
}
