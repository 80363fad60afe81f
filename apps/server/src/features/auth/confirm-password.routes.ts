import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@turtle/shared/auth';
import { MINUTE_MS } from '@turtle/shared/constants';
import { accountEndpoints } from '@turtle/shared/endpoints/account.schemas';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { perUser, rateLimited } from '../../plugins/rate-limit';
import { markSessionVerified, requireUser } from '../../core/identity/sessions';
import { logAuthEvent } from './auth-log';
import { verifyPassword } from './password';

/** A password is a secret to guess: a few tries (typos included), then wait. */
const CONFIRM_LIMIT = { max: 10, windowMs: 15 * MINUTE_MS };

/**
 * `POST /api/account/confirm-password` (docs/api.md, decision 037): the signed-in person enters their password again,
 * and this session counts as freshly proven (an administrator's destructive actions ask for it within 15 minutes).
 */
export function confirmPasswordRoutes(app: FastifyInstance, db: Db): void {
  route(
    app,
    accountEndpoints.confirmPassword,
    {
      user: requireUser,
      preHandler: rateLimited(app, [{ name: 'password-confirm', ...CONFIRM_LIMIT, key: perUser }]),
    },
    async ({ user, body }, request) => {
      if (!user.passwordHash) {
        throw new HttpError(
          409,
          'passwordNotSet',
          'This account signs in with a "Continue with" button: sign out and in again to confirm it is you.',
        );
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        logAuthEvent(request, 'password_confirm', 'invalidPassword', { userId: user.id });
        throw new HttpError(400, 'invalidPassword', AUTH_MESSAGES.invalidPassword, 'password');
      }
      await markSessionVerified(db, request);
      logAuthEvent(request, 'password_confirm', 'success', { userId: user.id });
      return { ok: true };
    },
  );
}
