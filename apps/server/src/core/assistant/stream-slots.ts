/**
 * The one assistant stream a person may have running (one stream at a time per person). Taken before a reply is
 * forwarded, released when it ends, whether it finished, failed or was stopped. Two keepers: in the database on
 * PostgreSQL (every process sees it; `database-slots.ts`), in this process on PGlite, whose data folder one process
 * holds (`local-slots.ts`).
 */
export interface StreamSlots {
  /**
   * Takes the person's slot and counts one reply on the claim's day, both or neither: refused while another stream
   * of theirs runs (with how long until it may be free) or at the day's limit.
   */
  take(claim: SlotClaim, now?: number): Promise<SlotTake>;
  /** Whether a stream of the person's is running; one whose process died is reclaimed on the way. */
  hasLive(userId: string, now?: number): Promise<boolean>;
  /** At start: what this instance left behind when it last stopped (a crash) is reclaimed. */
  reclaimAtStart(owner: string): Promise<void>;
}

export interface Slot {
  release(): Promise<void>;
}

export interface SlotClaim {
  userId: string;
  /** This server instance (see `instanceId`). */
  owner: string;
  /** The kept reply this stream writes, if any. */
  messageId?: string;
  /** The usage day the reply is counted on. */
  day: string;
  /** The person's daily reply limit (their plan's). */
  replyLimit: number;
}

export type SlotTake =
  | { slot: Slot }
  | { slot: undefined; refused: 'busy'; retryAfterSeconds: number }
  | { slot: undefined; refused: 'limit' };

/** Retry-After while another reply of the person's is being written (it usually ends within seconds). */
export const BUSY_RETRY_SECONDS = 5;
