import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { oidcFlows } from './oidc.tables';

export type OidcFlowRow = typeof oidcFlows.$inferSelect;

export async function insertOidcFlow(db: DbOrTx, values: OidcFlowRow) {
  await db.insert(oidcFlows).values(values);
}

/** Deletes and returns the flow: a `state` is good for one callback only. */
export async function takeOidcFlow(db: DbOrTx, id: string): Promise<OidcFlowRow | undefined> {
  const rows = await db.delete(oidcFlows).where(eq(oidcFlows.id, id)).returning();
  return rows[0];
}

export async function deleteExpiredOidcFlows(db: DbOrTx, now: Date) {
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, now));
}
