import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { knownDevices } from './auth.tables';

export type KnownDeviceRow = typeof knownDevices.$inferSelect;

export async function findKnownDevice(db: DbOrTx, id: string): Promise<KnownDeviceRow | undefined> {
  const rows = await db.select().from(knownDevices).where(eq(knownDevices.id, id)).limit(1);
  return rows[0];
}

/**
 * Records the device for `userId`, or moves a device a new account signed in on over to it; the account's devices
 * unused for longer than `forgetAfterMs` (their cookies have expired) are deleted on the way.
 */
export async function rememberKnownDevice(
  db: DbOrTx,
  values: { id: string; userId: string; now: Date; forgetAfterMs: number },
): Promise<void> {
  const { id, userId, now, forgetAfterMs } = values;
  await db
    .insert(knownDevices)
    .values({ id, userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: knownDevices.id, set: { userId, lastUsedAt: now } });
  await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.userId, userId), lt(knownDevices.lastUsedAt, new Date(now.getTime() - forgetAfterMs))));
}
