import { RESET_LINK_TTL_MS } from '@turtle/shared/auth';
import type { DbOrTx } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../core/audit/audit.repository';
import { createResetLink } from '../../core/identity/reset-links.repository';
import { lockUser } from '../../core/identity/users.repository';

/**
 * A one-time password reset link for support to send (decision 037), with its audit entry, in one transaction. Not
 * for a suspended person, who could not sign in with it. Undefined when nobody has the id.
 */
export function makeResetLink(
  db: DbOrTx,
  actorId: string,
  personId: string,
): Promise<{ token: string; expiresAt: number } | undefined> {
  return db.transaction(async (tx) => {
    const person = await lockUser(tx, personId);
    if (!person) return undefined;
    if (person.suspendedAt !== null) {
      throw new HttpError(400, 'validation', 'Restore the account first: a suspended person cannot sign in.');
    }
    const link = await createResetLink(tx, person.id, actorId);
    await recordAudit(tx, {
      actorId,
      via: 'console',
      action: 'password reset link',
      targetId: person.id,
      targetEmail: person.email,
      before: { password: person.passwordHash !== null },
      after: { linkExpiresAt: new Date(link.expiresAt).toISOString(), validForMinutes: RESET_LINK_TTL_MS / 60_000 },
    });
    return link;
  });
}
