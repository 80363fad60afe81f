import { and, eq, isNull } from 'drizzle-orm';
import { RESET_LINK_TTL_MS } from '@turtle/shared/auth';
import type { DbOrTx } from '../../db/database';
import { passwordResetLinks } from './identity.tables';
import { hashSessionToken, newSessionToken } from './session-token';

export type ResetLinkRow = typeof passwordResetLinks.$inferSelect;

/**
 * A new one-time reset link for `userId` (decision 037): its token, shown once to the administrator who asked, and
 * when it stops working. An unused link made before for the same person stops working now.
 */
export async function createResetLink(
  db: DbOrTx,
  userId: string,
  createdBy: string,
  now = Date.now(),
): Promise<{ token: string; expiresAt: number }> {
  const token = newSessionToken();
  const expiresAt = now + RESET_LINK_TTL_MS;
  await db
    .delete(passwordResetLinks)
    .where(and(eq(passwordResetLinks.userId, userId), isNull(passwordResetLinks.usedAt)));
  await db.insert(passwordResetLinks).values({
    id: hashSessionToken(token),
    userId,
    createdBy,
    expiresAt: new Date(expiresAt),
  });
  return { token, expiresAt };
}

/** The link with this token; `lock` holds it until the transaction ends, so two uses at once cannot both pass. */
export async function findResetLink(
  db: DbOrTx,
  token: string,
  { lock = false } = {},
): Promise<ResetLinkRow | undefined> {
  const query = db
    .select()
    .from(passwordResetLinks)
    .where(eq(passwordResetLinks.id, hashSessionToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markResetLinkUsed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(passwordResetLinks).set({ usedAt: at }).where(eq(passwordResetLinks.id, id));
}
