/**
 * The one assistant stream a person may have running (one stream at a time per person). Taken before a reply is
 * forwarded, released when it ends, whether it finished, failed or was stopped. Two keepers: in the database on
 * PostgreSQL (every process sees it; `database-slots.ts`), in this process on PGlite, whose data folder one process
 * holds (`local-slots.ts`).
 */
export interface StreamSlots {
  /** Takes the person's slot, or says how long until it may be free. */
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
}

export type SlotTake = { slot: Slot } | { slot: undefined; retryAfterSeconds: number };

/** Retry-After while another reply of the person's is being written (it usually ends within seconds). */
export const BUSY_RETRY_SECONDS = 5;
