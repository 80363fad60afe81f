import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { auditEntries } from './audit.tables';

export type AuditEntry = typeof auditEntries.$inferSelect;
export type NewAuditEntry = Omit<typeof auditEntries.$inferInsert, 'id' | 'at'>;

/** Writes one entry; call it with the transaction of the action it records, so both happen or neither. */
export async function recordAudit(tx: DbOrTx, entry: NewAuditEntry, now = Date.now()): Promise<void> {
  await tx.insert(auditEntries).values({ id: randomUUID(), at: now, ...entry });
}

/** The newest entries first. */
export async function listAudit(db: DbOrTx, limit: number): Promise<AuditEntry[]> {
  return db.select().from(auditEntries).orderBy(desc(auditEntries.at), desc(auditEntries.id)).limit(limit);
}
