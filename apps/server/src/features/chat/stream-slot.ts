import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { activeStreams } from '../../db/schema';

/** How often a running stream proves it is alive, and when a silent one counts as dead (its process crashed). */
export const SLOT_HEARTBEAT_MS = 5_000;
export const SLOT_STALE_AFTER_MS = 30_000;

/**
 * The one assistant stream a user may have running (DECISIONS.md "Security controls"), held in the database so
 * every server process sees it. Released when the stream ends, whether it finished, failed or was stopped.
 */
export class StreamSlot {
  private readonly heartbeat: NodeJS.Timeout;
  private released = false;

  private constructor(
    private readonly db: Db,
    readonly userId: string,
    private readonly token: string,
  ) {
    this.heartbeat = setInterval(() => void this.beat(), SLOT_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Takes the user's slot, or answers undefined when another stream of theirs is still running. */
  static async take(db: Db, userId: string, now = Date.now()): Promise<StreamSlot | undefined> {
    const token = randomBytes(16).toString('hex');
    const rows = await db
      .insert(activeStreams)
      .values({ userId, token, heartbeatAt: now })
      .onConflictDoUpdate({
        target: activeStreams.userId,
        set: { token, heartbeatAt: now },
        setWhere: lt(activeStreams.heartbeatAt, now - SLOT_STALE_AFTER_MS),
      })
      .returning({ token: activeStreams.token });
    return rows[0]?.token === token ? new StreamSlot(db, userId, token) : undefined;
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.heartbeat);
    await this.db
      .delete(activeStreams)
      .where(and(eq(activeStreams.userId, this.userId), eq(activeStreams.token, this.token)));
  }

  private async beat() {
    try {
      await this.db
        .update(activeStreams)
        .set({ heartbeatAt: Date.now() })
        .where(and(eq(activeStreams.userId, this.userId), eq(activeStreams.token, this.token)));
    } catch {
      // A missed heartbeat only risks the slot being taken over after the stale limit; the next one retries.
    }
  }
}

/** Whether the user has a stream running in some server process (a recent heartbeat). */
export async function hasLiveStream(db: Db, userId: string, now = Date.now()): Promise<boolean> {
  const rows = await db
    .select({ heartbeatAt: activeStreams.heartbeatAt })
    .from(activeStreams)
    .where(eq(activeStreams.userId, userId));
  const heartbeatAt = rows[0]?.heartbeatAt;
  return heartbeatAt !== undefined && heartbeatAt >= now - SLOT_STALE_AFTER_MS;
}
