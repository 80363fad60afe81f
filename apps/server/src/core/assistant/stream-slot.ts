import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { activeStreams, chatMessages } from '../../db/schema';
import { refundReply } from './usage.repository';

/** How often a running stream proves it is alive, and when a silent one counts as dead (its process crashed). */
export const SLOT_HEARTBEAT_MS = 5_000;
export const SLOT_STALE_AFTER_MS = 30_000;
/** Retry-After while another reply of the person's is being written (it usually ends within seconds). */
const BUSY_RETRY_SECONDS = 5;

type SlotRow = typeof activeStreams.$inferSelect;

export interface SlotClaim {
  userId: string;
  /** This server instance (see `instanceId`). */
  owner: string;
  /** The kept reply this stream writes, if any. */
  messageId?: string;
  /** The usage day the reply is counted on. */
  day: string;
}

export type SlotTake = { slot: StreamSlot } | { slot: undefined; retryAfterSeconds: number };

/**
 * The one assistant stream a user may have running (one stream at a time per person), held in the database so every
 * server process sees it. Released when the stream ends, whether it finished, failed or was stopped. A slot whose
 * process died is reclaimed: by that instance when it starts again, by anyone once its heartbeat is stale. Reclaiming
 * marks its reply stopped and gives the reply back to the day's count: a crash is not the person's to pay for.
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

  /** Takes the user's slot (one statement when it is free), or says how long until it may be free. */
  static async take(db: Db, claim: SlotClaim, now = Date.now()): Promise<SlotTake> {
    const inserted = await insertSlot(db, claim, now);
    if (inserted) return { slot: new StreamSlot(db, claim.userId, inserted) };
    const [held] = await db.select().from(activeStreams).where(eq(activeStreams.userId, claim.userId));
    if (held && held.heartbeatAt >= now - SLOT_STALE_AFTER_MS) {
      return { slot: undefined, retryAfterSeconds: retryAfterSeconds(held, now) };
    }
    if (held) await reclaimSlot(db, held);
    const retried = await insertSlot(db, claim, now);
    if (retried) return { slot: new StreamSlot(db, claim.userId, retried) };
    return { slot: undefined, retryAfterSeconds: BUSY_RETRY_SECONDS };
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

async function insertSlot(db: Db, claim: SlotClaim, now: number): Promise<string | undefined> {
  const token = randomBytes(16).toString('hex');
  const rows = await db
    .insert(activeStreams)
    .values({ ...claim, messageId: claim.messageId ?? null, token, heartbeatAt: now })
    .onConflictDoNothing()
    .returning({ token: activeStreams.token });
  return rows[0]?.token;
}

/**
 * A slot whose holder missed a heartbeat looks dead: it may be taken once it is stale, so that is how long is left.
 * A live holder is writing a reply that usually ends within seconds.
 */
function retryAfterSeconds(held: SlotRow, now: number): number {
  const silentMs = now - held.heartbeatAt;
  if (silentMs <= SLOT_HEARTBEAT_MS * 1.5) return BUSY_RETRY_SECONDS;
  return Math.max(1, Math.ceil((held.heartbeatAt + SLOT_STALE_AFTER_MS - now) / 1000));
}

/** Frees a dead stream's slot: its reply becomes `stopped` and is not charged. Only the one who deletes it acts. */
async function reclaimSlot(db: Db, held: SlotRow): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(activeStreams)
      .where(and(eq(activeStreams.userId, held.userId), eq(activeStreams.token, held.token)))
      .returning({ userId: activeStreams.userId });
    if (deleted.length === 0) return;
    if (held.messageId) {
      await tx
        .update(chatMessages)
        .set({ status: 'stopped' })
        .where(and(eq(chatMessages.id, held.messageId), eq(chatMessages.status, 'streaming')));
    }
    if (held.day) await refundReply(tx, held.userId, held.day);
  });
}

/**
 * At start: the slots this instance left behind (a crash, a kill -9) are dead, since it is only now starting. On the
 * embedded database one process is the only writer, so every slot is. Returns how many were reclaimed.
 */
export async function reclaimOwnSlots(db: Db, owner: string | 'all'): Promise<number> {
  const rows =
    owner === 'all'
      ? await db.select().from(activeStreams)
      : await db.select().from(activeStreams).where(eq(activeStreams.owner, owner));
  for (const row of rows) await reclaimSlot(db, row);
  return rows.length;
}

/**
 * Whether the user has a stream running in some server process (a recent heartbeat). A dead one's slot is reclaimed
 * on the way (its reply stopped and refunded).
 */
export async function hasLiveStream(db: Db, userId: string, now = Date.now()): Promise<boolean> {
  const [held] = await db.select().from(activeStreams).where(eq(activeStreams.userId, userId));
  if (!held) return false;
  if (held.heartbeatAt >= now - SLOT_STALE_AFTER_MS) return true;
  await reclaimSlot(db, held);
  return false;
}
