import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '@turtle/shared/account';
import { accountEndpoints } from '@turtle/shared/endpoints/account.schemas';
import { normalizeEmail } from '@turtle/shared/email';
import { HOUR_MS } from '@turtle/shared/constants';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { perUser, rateLimited } from '../../plugins/rate-limit';
import { sessionCache } from '../../core/identity/session-cache';
import { endSession, requireUser } from '../../core/identity/sessions';
import { deleteAccount } from '../../core/identity/account-deletion';

const DELETE_LIMIT = { max: 10, windowMs: HOUR_MS };

/**
 * The Account page (docs/decisions/018-account-and-plan-changes.md): who the account is, and deleting it with all its
 * data.
 */
export function accountRoutes(app: FastifyInstance, db: Db, secureCookies: boolean): void {
  route(app, accountEndpoints.get, { user: requireUser }, async ({ user }) => {
    return {
      name: user.name,
      email: user.email,
      signInMethod: user.passwordHash ? 'password' : 'provider',
      createdAt: user.createdAt.getTime(),
    };
  });

  route(
    app,
    accountEndpoints.delete,
    { user: requireUser, preHandler: rateLimited(app, [{ name: 'account-delete', ...DELETE_LIMIT, key: perUser }]) },
    async ({ user, body: { confirmation } }, request, reply) => {
      if (normalizeEmail(confirmation) !== user.email) {
        throw new HttpError(400, 'validation', ACCOUNT_MESSAGES.confirmationMismatch, 'confirmation');
      }
      await deleteAccount(app, db, user, request.log);
      sessionCache.forgetUser(user.id);
      await endSession(db, request, reply, secureCookies);
      request.log.info({ auth: { event: 'accountDeleted', result: 'success', userId: user.id } }, 'account deleted');
      return { ok: true };
    },
  );
}
