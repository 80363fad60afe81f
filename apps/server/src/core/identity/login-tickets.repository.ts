import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { loginTickets } from './identity.tables';

export type LoginTicketRow = typeof loginTickets.$inferSelect;

export async function insertLoginTicket(db: DbOrTx, values: LoginTicketRow) {
  await db.insert(loginTickets).values(values);
}

/** Deletes and returns the ticket in one statement: of two concurrent redemptions, only one gets the row. */
export async function takeLoginTicket(db: DbOrTx, id: string): Promise<LoginTicketRow | undefined> {
  const rows = await db.delete(loginTickets).where(eq(loginTickets.id, id)).returning();
  return rows[0];
}

export async function deleteExpiredLoginTickets(db: DbOrTx, now: Date) {
  await db.delete(loginTickets).where(lt(loginTickets.expiresAt, now));
}
