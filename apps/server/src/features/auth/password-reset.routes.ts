import type { FastifyInstance } from 'fastify';
import { RESET_LINK_MESSAGES } from '@turtle/shared/auth';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions.schemas';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { rateLimited } from '../../plugins/rate-limit';
import { findResetLink, markResetLinkUsed, type ResetLinkRow } from '../../core/identity/reset-links.repository';
import { sessionCache } from '../../core/identity/session-cache';
import { startSession } from '../../core/identity/sessions';
import { deleteUserSessions } from '../../core/identity/sessions.repository';
import { refuseIfSuspended } from '../../core/identity/suspension';
import { toUserResponse } from '../../core/identity/user-response';
import { lockUser, setPasswordHash, type UserRow } from '../../core/identity/users.repository';
import { logAuthEvent } from './auth-log';
import { emailKey, LOGIN_LIMITS } from './auth-rate-limits';
import { createLoginThrottle } from './login-throttle';
import { hashPassword } from './password';

/** Why a link cannot be used, in words for the person holding it; undefined when it can. */
function unusable(link: ResetLinkRow | undefined, now: number): HttpError | undefined {
  const refuse = (message: string) => new HttpError(400, 'resetLinkUnusable', message);
  if (!link) return refuse(RESET_LINK_MESSAGES.unknown);
  if (link.usedAt) return refuse(RESET_LINK_MESSAGES.used);
  if (link.expiresAt.getTime() <= now) return refuse(RESET_LINK_MESSAGES.expired);
  return undefined;
}

/**
 * `POST /api/user/reset-password` (docs/api.md, decision 037): a one-time link an administrator made sets a new
 * password under the signup rules. It works once and for an hour; using it ends every session the person had and
 * signs this browser in. A suspended person is refused as at sign-in.
 */
export function passwordResetRoutes(app: FastifyInstance, db: Db, secureCookies: boolean, supportEmail: string) {
  const throttle = createLoginThrottle(app);
  route(
    app,
    sessionEndpoints.resetPassword,
    { preHandler: rateLimited(app, LOGIN_LIMITS) },
    async ({ body }, request, reply) => {
      // Checked before hashing, so a made-up token costs no argon2 work; checked again under the lock below.
      const early = unusable(await findResetLink(db, body.token), Date.now());
      if (early) {
        logAuthEvent(request, 'password_reset', 'unusableLink', {});
        throw early;
      }
      const passwordHash = await hashPassword(body.password);
      const user = await db.transaction(async (tx): Promise<UserRow> => {
        const link = await findResetLink(tx, body.token, { lock: true });
        const refusal = unusable(link, Date.now());
        if (refusal) throw refusal;
        const person = await lockUser(tx, link!.userId);
        if (!person) throw new HttpError(400, 'resetLinkUnusable', RESET_LINK_MESSAGES.unknown);
        refuseIfSuspended(person, supportEmail);
        await setPasswordHash(tx, person.id, passwordHash);
        await markResetLinkUsed(tx, link!.id, new Date());
        await deleteUserSessions(tx, person.id);
        return { ...person, passwordHash };
      });
      sessionCache.forgetUser(user.id);
      // Guesses at the old password no longer count against the account.
      await throttle.reset(emailKey(user.email));
      await startSession(db, request, reply, user.id, secureCookies);
      logAuthEvent(request, 'password_reset', 'success', { userId: user.id });
      return toUserResponse(user);
    },
  );
}
