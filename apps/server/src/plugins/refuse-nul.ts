import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { containsNul, NUL_MESSAGE, wellFormedText } from '@turtle/shared/text';
import { HttpError } from '../lib/http-error';

/**
 * PostgreSQL cannot store U+0000 (security.md 7c.4). The shared schemas refuse it field by field; this refuses it in
 * any query, route parameter or parsed body before a handler runs, so no route can carry one to a query by mistake.
 * Half of a surrogate pair, which JSON can carry ("\udfff") and UTF-8 cannot, becomes U+FFFD there: a text column
 * stored it so already, but jsonb (card tags, mentioned notes, kept answers) refused it and the save was a 500.
 */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw new HttpError(400, 'badRequest', NUL_MESSAGE);
    }
    request.query = wellFormed(request.query);
    request.params = wellFormed(request.params);
    request.body = wellFormed(request.body);
  });
}

/** Bytes, and a body a route reads as a stream itself (a lesson's audio), are not text: their graph is not walked. */
const isData = (value: object) => Buffer.isBuffer(value) || value instanceof Stream;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return containsNul(value);
  if (depth > 32 || value === null || typeof value !== 'object' || isData(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => containsNul(key) || holdsNul(item, depth + 1));
}

/** The value with every lone surrogate in its strings replaced by U+FFFD (objects and arrays changed in place). */
function wellFormed<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return wellFormedText(value) as T;
  if (depth > 32 || value === null || typeof value !== 'object' || isData(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = wellFormed(record[key], depth + 1);
  return value;
}
