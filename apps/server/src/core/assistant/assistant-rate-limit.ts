import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { perUser, rateLimited } from '../../plugins/rate-limit';

/** Requests a minute one user may make to the assistant (security.md 7f: the 41st in a minute is refused). */
export const ASSISTANT_REQUESTS_PER_MINUTE = 40;

const perApp = new WeakMap<FastifyInstance, preHandlerAsyncHookHandler>();

/** One per-user counter for every route that asks the assistant (the streams, the kept chat, the tutor). */
export function assistantRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  let limiter = perApp.get(app);
  if (!limiter) {
    limiter = rateLimited(app, [{ name: 'chat', max: ASSISTANT_REQUESTS_PER_MINUTE, windowMs: 60_000, key: perUser }]);
    perApp.set(app, limiter);
  }
  return limiter;
}
