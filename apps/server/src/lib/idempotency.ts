import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DAY_MS } from '@turtle/shared/constants';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@turtle/shared/idempotency';
import type { Db, DbOrTx } from '../db/database';
import { idempotencyKeys } from './idempotency.tables';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from './http-error';

/** How long an answer is kept for retries. */
const KEEP_MS = DAY_MS;

/** The request's `Idempotency-Key`, undefined without one; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new HttpError(400, 'badRequest', `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 128 visible characters.`);
  }
  return value;
}

function requestHashOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
}

/**
 * The answer already given for the request's `Idempotency-Key`, if any (a 422 when the key came with another
 * body). For creates that must not start their work twice, such as a chat reply: ask first, then `onceForKey`.
 */
export async function storedAnswerFor<T>(
  db: Db,
  request: FastifyRequest,
  where: { scope: string; userId: string },
): Promise<T | undefined> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return undefined;
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, where.userId),
        eq(idempotencyKeys.scope, where.scope),
        eq(idempotencyKeys.key, key),
      ),
    )
    .limit(1);
  if (!stored) return undefined;
  if (stored.requestHash !== requestHashOf(request)) {
    throw new HttpError(
      422,
      'idempotencyKeyReused',
      `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request.`,
    );
  }
  return stored.response as T;
}

/**
 * Runs a create at most once per (user, scope, `Idempotency-Key`): the row it makes and the answer it gives are
 * committed together with the key, so a retry of the same request gets the same answer and creates nothing, even
 * when both arrive at once (the key's primary key lets one through; the other rolls back and reads its answer). The
 * same key with another body is a 422. Without the header, `create` simply runs. The answer must be plain JSON.
 *
 *     return onceForKey(db, request, { scope: 'note', userId }, (tx) => createTheNote(tx));
 */
export async function onceForKey<T>(
  db: Db,
  request: FastifyRequest,
  where: { scope: string; userId: string },
  create: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return create(db);
  const requestHash = requestHashOf(request);
  const now = Date.now();
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, where.userId), lt(idempotencyKeys.createdAt, now - KEEP_MS)));
  for (let attempt = 0; ; attempt++) {
    const stored = await storedAnswerFor<T>(db, request, where);
    if (stored !== undefined) return stored;
    try {
      return await db.transaction(async (tx) => {
        const answer = await create(tx);
        await tx.insert(idempotencyKeys).values({ ...where, key, requestHash, response: answer, createdAt: now });
        return answer;
      });
    } catch (error) {
      // The same key committed first by a request running alongside: read its answer on the next round.
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}
