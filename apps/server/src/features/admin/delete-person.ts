import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { normalizeEmail } from '@turtle/shared/email';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../core/audit/audit.repository';
import { deleteAccount } from '../../core/identity/account-deletion';
import { sessionCache } from '../../core/identity/session-cache';
import { findUserById } from '../../core/identity/users.repository';

/**
 * Deletes a person for good, as their own "Delete account" does (a Stripe subscription is cancelled first; everything
 * they own goes), once the administrator has typed their email (decision 037). The audit entry is written in the
 * deletion's transaction and keeps the id and email. Nobody deletes themselves here or another administrator.
 * Undefined when nobody has the id.
 */
export async function deletePerson(
  app: FastifyInstance,
  db: Db,
  actorId: string,
  input: { id: string; confirmation: string },
  log: FastifyBaseLogger,
): Promise<true | undefined> {
  const person = await findUserById(db, input.id);
  if (!person) return undefined;
  if (normalizeEmail(input.confirmation) !== person.email) {
    throw new HttpError(400, 'validation', 'That is not their email address, so nothing was deleted.', 'confirmation');
  }
  if (person.id === actorId) {
    throw new HttpError(400, 'validation', 'Delete your own account from Account, not from the console.');
  }
  if (person.role === ROLE_ADMINISTRATOR) {
    throw new HttpError(
      400,
      'validation',
      'An administrator cannot be deleted. Revoke the role first: npm run admin -- revoke <email>.',
    );
  }
  await deleteAccount(app, db, person, log, (tx) =>
    recordAudit(tx, {
      actorId,
      via: 'console',
      action: 'delete account',
      targetId: person.id,
      targetEmail: person.email,
      before: { plan: person.plan, expireAt: person.expireAt, createdAt: person.createdAt.toISOString() },
      after: null,
    }),
  );
  sessionCache.forgetUser(person.id);
  return true;
}
