import type { Db } from '../../db/database';
import { stopEveryStreamingReply } from '../conversations/conversations.repository';
import { activeStreams } from './assistant.tables';
import { BUSY_RETRY_SECONDS, type Slot, type SlotClaim, type SlotTake, type StreamSlots } from './stream-slots';
import type { SlotRecord } from './reply-quota';
import { refundReply } from './usage.repository';

/** What LocalSlots needs of the day's counts kept in this process (LocalQuota). */
export interface LocalSlotQuota {
  /** Counts one reply under `limit` and records its slot, written behind together; undefined at the limit. */
  takeWithSlot(slot: SlotRecord, limit: number): Promise<number | undefined>;
  /** The slot's reply ended: its record goes. */
  endSlot(userId: string): void;
}

/**
 * Stream slots kept in this process: on PGlite one server process holds the data folder (its lock), so nothing else
 * can hold a slot, and a query per take and release (about 1 ms each on PGlite) is not needed. Each slot's row is
 * still written, behind and with the reply's count (LocalQuota), so that a crash's replies can be given back.
 */
export class LocalSlots implements StreamSlots {
  private readonly held = new Map<string, symbol>();

  constructor(
    private readonly db: Db,
    private readonly quota: LocalSlotQuota,
  ) {}

  async take(claim: SlotClaim, now = Date.now()): Promise<SlotTake> {
    const { userId } = claim;
    if (this.held.has(userId)) {
      return { slot: undefined, refused: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
    }
    const token = Symbol(userId);
    this.held.set(userId, token);
    const record = { userId, owner: claim.owner, messageId: claim.messageId, day: claim.day, takenAt: now };
    // Both or neither: the slot goes back at the limit, and if the count could not be read.
    const counted = await this.quota.takeWithSlot(record, claim.replyLimit).catch((error: unknown) => {
      this.held.delete(userId);
      throw error;
    });
    if (counted === undefined) {
      this.held.delete(userId);
      return { slot: undefined, refused: 'limit' };
    }
    const slot: Slot = {
      release: async () => {
        if (this.held.get(userId) !== token) return;
        this.held.delete(userId);
        this.quota.endSlot(userId);
      },
    };
    return { slot };
  }

  async hasLive(userId: string): Promise<boolean> {
    return this.held.has(userId);
  }

  /**
   * This process is the only one, and it is only starting, before it counts anything: every slot row left is a
   * reply a crash (a kill -9) cut, counted in the database with its row. Each is given back to its day, and a kept
   * one still `streaming` becomes `stopped`. A reply still `streaming` without a row was cut before its count was
   * written: it only stops. One transaction, so a crash now cannot give a reply back twice.
   */
  async reclaimAtStart(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const cut = await tx.delete(activeStreams).returning({ userId: activeStreams.userId, day: activeStreams.day });
      for (const { userId, day } of cut) if (day) await refundReply(tx, userId, day);
      await stopEveryStreamingReply(tx);
    });
  }
}
