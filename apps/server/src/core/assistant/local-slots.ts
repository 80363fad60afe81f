import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { activeStreams, chatMessages, conversations } from '../../db/schema';
import { BUSY_RETRY_SECONDS, type Slot, type SlotClaim, type SlotTake, type StreamSlots } from './stream-slots';
import { usageDay } from './usage-day';
import type { ReplyQuota } from './reply-quota';

/**
 * Stream slots kept in this process: on PGlite one server process holds the data folder (its lock), so nothing else
 * can hold a slot, and a query per take and release (about 1 ms each on PGlite) is not needed.
 */
export class LocalSlots implements StreamSlots {
  private readonly held = new Map<string, symbol>();

  constructor(
    private readonly db: Db,
    private readonly quota: ReplyQuota,
  ) {}

  async take(claim: SlotClaim): Promise<SlotTake> {
    if (this.held.has(claim.userId)) {
      return { slot: undefined, refused: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
    }
    const token = Symbol(claim.userId);
    this.held.set(claim.userId, token);
    const slot: Slot = {
      release: async () => {
        if (this.held.get(claim.userId) === token) this.held.delete(claim.userId);
      },
    };
    // Both or neither: the slot goes back at the limit, and if the count could not be read.
    const counted = await this.quota.take(claim.userId, claim.day, claim.replyLimit).catch(async (error: unknown) => {
      await slot.release();
      throw error;
    });
    if (counted === undefined) {
      await slot.release();
      return { slot: undefined, refused: 'limit' };
    }
    return { slot };
  }

  async hasLive(userId: string): Promise<boolean> {
    return this.held.has(userId);
  }

  /**
   * This process is the only one, and it is only starting: every reply still `streaming` lost its writer (a crash or
   * a kill -9). Each becomes `stopped` and is given back to the day it was counted on. Slot rows an earlier version
   * kept in the database go too.
   */
  async reclaimAtStart(): Promise<void> {
    const orphans = await this.db
      .select({ id: chatMessages.id, createdAt: chatMessages.createdAt, userId: conversations.userId })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .where(and(eq(chatMessages.status, 'streaming'), eq(chatMessages.role, 'assistant')));
    if (orphans.length > 0) {
      await this.db
        .update(chatMessages)
        .set({ status: 'stopped' })
        .where(
          inArray(
            chatMessages.id,
            orphans.map((orphan) => orphan.id),
          ),
        );
    }
    for (const orphan of orphans) await this.quota.refund(orphan.userId, usageDay(orphan.createdAt).day);
    await this.db.delete(activeStreams);
  }
}
