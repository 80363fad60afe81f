import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { knownDevices } from '../../db/schema';

export type KnownDeviceRow = typeof knownDevices.$inferSelect;

export async function findKnownDevice(db: DbOrTx, id: string): Promise<KnownDeviceRow | undefined> {
  const rows = await db.select().from(knownDevices).where(eq(knownDevices.id, id)).limit(1);
  return rows[0];
}

/** Records the device for `userId`, or moves a device a new account signed in on over to it. */
export async function rememberKnownDevice(db: DbOrTx, id: string, userId: string, now: Date): Promise<void> {
  await db
    .insert(knownDevices)
    .values({ id, userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: knownDevices.id, set: { userId, lastUsedAt: now } });
}
