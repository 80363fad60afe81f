import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { rateLimited } from '../../plugins/rate-limit';

/** Requests a minute one user may make to the assistant (SECURITY-TESTS 7f: the 41st in a minute is refused). */
export const CHAT_REQUESTS_PER_MINUTE = 40;

let shared: WeakMap<FastifyInstance, preHandlerAsyncHookHandler> | undefined;

/** One per-user counter for every route that asks the assistant (the stream, the kept chat, regenerate). */
export function chatRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  shared ??= new WeakMap();
  let limiter = shared.get(app);
  if (!limiter) {
    limiter = rateLimited(app, [
      { name: 'chat', max: CHAT_REQUESTS_PER_MINUTE, windowMs: 60_000, key: (request) => request.auth?.user.id },
    ]);
    shared.set(app, limiter);
  }
  return limiter;
}
