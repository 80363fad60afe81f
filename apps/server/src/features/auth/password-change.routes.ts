import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '@turtle/shared/account';
import { accountEndpoints } from '@turtle/shared/endpoints/account.schemas';
import { MINUTE_MS } from '@turtle/shared/constants';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { perUser, rateLimited } from '../../plugins/rate-limit';
import { sessionCache } from '../../core/identity/session-cache';
import { requireUser } from '../../core/identity/sessions';
import { deleteOtherSessions } from '../../core/identity/sessions.repository';
import { setPasswordHash } from '../../core/identity/users.repository';
import { logAuthEvent } from './auth-log';
import { emailKey } from './auth-rate-limits';
import { rememberDevice } from './known-device';
import { createLoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

/** The current password is a secret to guess like a login's: a few tries (typos included), then wait. */
const CHANGE_LIMIT = { max: 10, windowMs: 15 * MINUTE_MS };

/**
 * `POST /api/account/password` (docs/api.md): the current password, then a new one under the signup rules,
 * hashed like every password (argon2id). Every other session of the account ends (ASVS 7.4.3); this one stays.
 * Failed logins counted against the account start afresh (guesses at the old password no longer lock the owner
 * out), and this browser becomes a known device (docs/decisions/016-login-throttling.md).
 */
export function passwordChangeRoutes(app: FastifyInstance, db: Db, secureCookies: boolean): void {
  const throttle = createLoginThrottle(app);
  route(
    app,
    accountEndpoints.changePassword,
    { user: requireUser, preHandler: rateLimited(app, [{ name: 'password-change', ...CHANGE_LIMIT, key: perUser }]) },
    async ({ user, body }, request, reply) => {
      const sessionId = request.auth!.sessionId;
      if (!user.passwordHash) throw new HttpError(409, 'passwordNotSet', ACCOUNT_MESSAGES.noPassword);
      if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
        logAuthEvent(request, 'password_change', 'invalidPassword', { userId: user.id });
        throw new HttpError(400, 'invalidPassword', ACCOUNT_MESSAGES.wrongCurrentPassword, 'currentPassword');
      }
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await deleteOtherSessions(tx, user.id, sessionId);
      });
      sessionCache.forgetUser(user.id);
      await throttle.reset(emailKey(user.email));
      await rememberDevice(db, request, reply, user.id, secureCookies);
      logAuthEvent(request, 'password_change', 'success', { userId: user.id });
      return { ok: true };
    },
  );
}
