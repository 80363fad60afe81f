import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { engineOf } from '../../db/engine';
import { markRepliesStopped } from '../conversations/conversations.repository';
import { activeStreams } from './assistant.tables';
import { BUSY_RETRY_SECONDS, type Slot, type SlotClaim, type SlotTake, type StreamSlots } from './stream-slots';
import { refundReply } from './usage.repository';

/** How often a running stream proves it is alive, and when a silent one counts as dead (its process crashed). */
export const SLOT_HEARTBEAT_MS = 5_000;
export const SLOT_STALE_AFTER_MS = 30_000;
/** A holder silent this long has missed a heartbeat (one may come a little late on a busy server): likely dead. */
export const SLOT_OVERDUE_AFTER_MS = SLOT_HEARTBEAT_MS + 1_000;

type SlotRow = typeof activeStreams.$inferSelect;

/**
 * Stream slots in the database (PostgreSQL), so every server process sees them: several processes behind a load
 * balancer hold one person to one stream. Released when the stream ends, whether it finished, failed or was stopped. A slot whose
 * process died is reclaimed: by that instance when it starts again, by anyone once its heartbeat is stale. Reclaiming
 * marks its reply stopped and gives the reply back to the day's count: a crash is not the person's to pay for.
 */
class DatabaseSlot implements Slot {
  private readonly heartbeat: NodeJS.Timeout;
  private released = false;

  constructor(
    private readonly db: Db,
    readonly userId: string,
    private readonly token: string,
  ) {
    this.heartbeat = setInterval(() => void this.beat(), SLOT_HEARTBEAT_MS);
    this.heartbeat.unref();
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

export class DatabaseSlots implements StreamSlots {
  constructor(private readonly db: Db) {}

  /**
   * Takes the user's slot and counts the reply, in one statement (one commit) when the slot is free; otherwise says
   * how long until it may be free, reclaiming it on the way if its holder died.
   */
  async take(claim: SlotClaim, now = Date.now()): Promise<SlotTake> {
    const { db } = this;
    const first = await takeSlotCountingReply(db, claim, now);
    if (first !== 'busy') return this.taken(claim, first);
    const [held] = await db.select().from(activeStreams).where(eq(activeStreams.userId, claim.userId));
    if (held && held.heartbeatAt >= now - SLOT_STALE_AFTER_MS) {
      return { slot: undefined, refused: 'busy', retryAfterSeconds: retryAfterSeconds(held, now) };
    }
    if (held) await reclaimSlot(db, held);
    const retried = await takeSlotCountingReply(db, claim, now);
    if (retried !== 'busy') return this.taken(claim, retried);
    return { slot: undefined, refused: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
  }

  private async taken(claim: SlotClaim, taken: { token: string; counted: boolean }): Promise<SlotTake> {
    const slot = new DatabaseSlot(this.db, claim.userId, taken.token);
    if (taken.counted) return { slot };
    await slot.release();
    return { slot: undefined, refused: 'limit' };
  }

  /**
   * Whether the user has a stream running in some server process (a recent heartbeat). A dead one's slot is
   * reclaimed on the way (its reply stopped and refunded).
   */
  async hasLive(userId: string, now = Date.now()): Promise<boolean> {
    const [held] = await this.db.select().from(activeStreams).where(eq(activeStreams.userId, userId));
    if (!held) return false;
    if (held.heartbeatAt >= now - SLOT_STALE_AFTER_MS) return true;
    await reclaimSlot(this.db, held);
    return false;
  }

  /** At start: the slots this instance left behind (a crash, a kill -9) are dead, since it is only now starting. */
  async reclaimAtStart(owner: string): Promise<void> {
    const rows = await this.db.select().from(activeStreams).where(eq(activeStreams.owner, owner));
    for (const row of rows) await reclaimSlot(this.db, row);
  }
}

/**
 * Inserts the slot and, only if it was free, counts one reply under the limit: one statement, so the first byte of a
 * reply waits for one commit, not two; and a prepared one (each connection parses and plans it once), since every
 * reply waits for it (decision 052). 'busy' when the slot was held; else its token and whether the reply counted (not
 * at the limit: the caller then releases the slot).
 */
const TAKE_SLOT_COUNTING_REPLY = {
  name: 'take_stream_slot_counting_reply',
  text: `
    with slot as (
      insert into active_streams (user_id, token, heartbeat_at, owner, message_id, day)
      values ($1, $2, $3, $4, $5, $6)
      on conflict do nothing
      returning token
    ), counted as (
      insert into daily_usage (user_id, day, replies)
      select $1, $6, 1 from slot where $7::integer > 0
      on conflict (user_id, day) do update set replies = daily_usage.replies + 1
        where daily_usage.replies < $7::integer
      returning replies
    )
    select (select token from slot) as token, (select replies from counted) as replies`,
};

async function takeSlotCountingReply(
  db: Db,
  claim: SlotClaim,
  now: number,
): Promise<'busy' | { token: string; counted: boolean }> {
  const pool = engineOf(db)?.pool;
  if (!pool) throw new Error('Stream slots need a database opened by open-database.ts.');
  const token = randomBytes(16).toString('hex');
  const { userId, owner, day, replyLimit } = claim;
  const values = [userId, token, now, owner, claim.messageId ?? null, day, replyLimit];
  const result = await pool.query<{ token: string | null; replies: number | null }>({
    ...TAKE_SLOT_COUNTING_REPLY,
    values,
  });
  const [row] = result.rows;
  if (!row?.token) return 'busy';
  return { token: row.token, counted: row.replies !== null };
}

/**
 * Retry-After for a held slot: when asking again can be answered otherwise. While the holder's heartbeat is on time
 * its reply may end any moment, and nothing here says when: until its next heartbeat is overdue (at most
 * SLOT_OVERDUE_AFTER_MS), by when the slot is free or the holder looks dead. Once the heartbeat is overdue: until the
 * slot is stale and may be taken (a dead holder's reply is then stopped and given back), which is all that is left.
 */
export function retryAfterSeconds(held: Pick<SlotRow, 'heartbeatAt'>, now: number): number {
  const overdueAt = held.heartbeatAt + SLOT_OVERDUE_AFTER_MS;
  const answerChangesAt = now < overdueAt ? overdueAt : held.heartbeatAt + SLOT_STALE_AFTER_MS;
  return Math.max(1, Math.ceil((answerChangesAt - now) / 1000));
}

/** Frees a dead stream's slot: its reply becomes `stopped` and is not charged. Only the one who deletes it acts. */
async function reclaimSlot(db: Db, held: SlotRow): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(activeStreams)
      .where(and(eq(activeStreams.userId, held.userId), eq(activeStreams.token, held.token)))
      .returning({ userId: activeStreams.userId });
    if (deleted.length === 0) return;
    if (held.messageId) await markRepliesStopped(tx, [held.messageId]);
    if (held.day) await refundReply(tx, held.userId, held.day);
  });
}
