import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail } from '@turtle/shared/email';
import type { DbOrTx } from '../../db/database';
import { users } from './identity.tables';
import { isUniqueViolation } from '../../db/unique-violation';

/**
 * Addresses stored before emails were normalised (product.md §5; they were only trimmed and lower-cased) are
 * rewritten in the normal form, or their owners could no longer sign in: login looks up the normal form. Only
 * addresses outside printable ASCII can change, so that is all this reads. One that would become another
 * account's address is left as it is, with a warning. Safe to run in several processes at once.
 */
export async function normalizeStoredEmails(db: DbOrTx, log: FastifyBaseLogger): Promise<number> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.email} ~ '[^ -~]'`);
  let changed = 0;
  for (const row of rows) {
    const email = normalizeEmail(row.email);
    if (email === row.email) continue;
    try {
      await db.update(users).set({ email }).where(eq(users.id, row.id));
      changed += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      log.warn({ userId: row.id }, "an account's stored email is another account's once normalised: left as it is");
    }
  }
  return changed;
}
