import type { FastifyInstance } from 'fastify';
import { containsNul, NUL_MESSAGE } from '@turtle/shared/text';
import { HttpError } from '../lib/http-error';

/**
 * PostgreSQL cannot store U+0000 (issue 17, item 8). The shared schemas refuse it field by field; this refuses it in
 * any query, route parameter or parsed body before a handler runs, so no route can carry one to a query by mistake.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw new HttpError(400, 'badRequest', NUL_MESSAGE);
    }
  });
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return containsNul(value);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => containsNul(key) || holdsNul(item, depth + 1));
}
