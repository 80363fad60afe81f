import { eq } from 'drizzle-orm';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import type { DbOrTx } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../core/audit/audit.repository';
import { sessions, users } from '../../core/identity/identity.tables';
import { lockUser } from '../../core/identity/users.repository';

/**
 * Suspends a person (docs/decisions/037-administrators.md): every session ends and sign-ins are refused with
 * `reason`, in one transaction with its audit entry. Nobody suspends themselves or another administrator (the
 * role is revoked first, from the command line). Undefined when nobody has the id.
 */
export function suspendPerson(
  db: DbOrTx,
  actorId: string,
  personId: string,
  reason: string,
): Promise<{ sessionIds: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const person = await lockUser(tx, personId);
    if (!person) return undefined;
    if (person.id === actorId) throw new HttpError(400, 'validation', 'You cannot suspend your own account.');
    if (person.role === ROLE_ADMINISTRATOR) {
      throw new HttpError(
        400,
        'validation',
        'An administrator cannot be suspended. Revoke the role first: npm run admin -- revoke <email>.',
      );
    }
    const suspendedAt = person.suspendedAt ?? Date.now();
    await tx.update(users).set({ suspendedAt, suspensionReason: reason }).where(eq(users.id, personId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, personId)).returning({ id: sessions.id });
    await recordAudit(tx, {
      actorId,
      via: 'console',
      action: 'suspend',
      targetId: person.id,
      targetEmail: person.email,
      before: { suspended: person.suspendedAt !== null, reason: person.suspensionReason, sessions: ended.length },
      after: { suspended: true, reason, sessions: 0 },
    });
    return { sessionIds: ended.map((session) => session.id) };
  });
}

/** Lets a suspended person sign in again, with its audit entry; a person who is not suspended is left as is. */
export function restorePerson(db: DbOrTx, actorId: string, personId: string): Promise<boolean | undefined> {
  return db.transaction(async (tx) => {
    const person = await lockUser(tx, personId);
    if (!person) return undefined;
    if (person.suspendedAt === null) return false;
    await tx.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, personId));
    await recordAudit(tx, {
      actorId,
      via: 'console',
      action: 'restore',
      targetId: person.id,
      targetEmail: person.email,
      before: { suspended: true, reason: person.suspensionReason },
      after: { suspended: false },
    });
    return true;
  });
}
