import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ROLE_ADMINISTRATOR, ROLE_MEMBER } from '@turtle/shared/roles';
import { normalizeEmail } from '@turtle/shared/email';
import type { Db } from '../../db/database';
import { recordAudit } from '../audit/audit.repository';
import { users } from './identity.tables';

export type RoleChange =
  | { kind: 'changed'; userId: string }
  | { kind: 'unchanged'; userId: string }
  | { kind: 'noAccount' }
  | { kind: 'lastAdministrator' };

/** Who asked: an administrator in the console, or the operator (command line, ADMIN_EMAILS at start). */
export interface Actor {
  actorId: string | null;
  via: 'console' | 'command line' | 'ADMIN_EMAILS';
}

/**
 * Makes the account with `email` an administrator, or a member again (docs/decisions/037-administrators.md). The last
 * administrator stays one: the administrators' rows are locked first, so two revokes at once cannot both pass.
 * The change and its audit entry are one transaction.
 */
export function setAdministrator(db: Db, email: string, administrator: boolean, actor: Actor): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, ROLE_ADMINISTRATOR))
      .for('update');
    const [user] = await tx
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .for('update');
    if (!user) return { kind: 'noAccount' };
    const role = administrator ? ROLE_ADMINISTRATOR : ROLE_MEMBER;
    if (user.role === role) return { kind: 'unchanged', userId: user.id };
    if (!administrator && admins.length <= 1) return { kind: 'lastAdministrator' };
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      ...actor,
      action: administrator ? 'grant administrator' : 'revoke administrator',
      targetId: user.id,
      targetEmail: user.email,
      before: { role: user.role },
      after: { role },
    });
    return { kind: 'changed', userId: user.id };
  });
}

/** ADMIN_EMAILS at start: each listed account that exists and is not yet one becomes an administrator. */
export async function applyAdminEmails(db: Db, emails: string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const waiting = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), ne(users.role, ROLE_ADMINISTRATOR)));
  for (const { email } of waiting) await setAdministrator(db, email, true, { actorId: null, via: 'ADMIN_EMAILS' });
  return waiting.length;
}

export async function countAdministrators(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, ROLE_ADMINISTRATOR));
  return row?.count ?? 0;
}
