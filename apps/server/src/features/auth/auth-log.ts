import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * One structured line per sign-in attempt (ASVS 16.3.1): who (user id, or a hash of the email, never the address
 * or the password), from where, and how it went.
 */
export function logAuthEvent(
  request: FastifyRequest,
  event: 'signup' | 'login' | 'login_3rd_party' | 'password_change' | 'password_reset' | 'password_confirm',
  result: string,
  details: { userId?: string; email?: string } = {},
) {
  const emailHash = details.email ? createHash('sha256').update(details.email).digest('hex').slice(0, 16) : undefined;
  request.log.info(
    { auth: { event, result, userId: details.userId, emailHash, ip: request.ip } },
    `auth ${event} ${result}`,
  );
}
