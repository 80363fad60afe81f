import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { recordReplyUsages, type ReplyUsageEntry } from './reply-usage.repository';

/** How long an ended reply's usage waits to be written with the others that end meanwhile. */
export const USAGE_WRITE_BEHIND_MS = 250;
/** At most this many replies a write (a statement's parameters stay well under PostgreSQL's 65,535). */
const MAX_BATCH = 500;

/**
 * The usage figures of ended replies, written behind (decision 052): a reply's own work ends with its last event, and
 * 200 replies that end together are two inserts in one transaction, not 200 transactions competing with the
 * streams still open. The figures are the operator's, never a person's limit (that count is taken before the reply),
 * so what a crash loses is at most the last USAGE_WRITE_BEHIND_MS of them; a shutdown writes them first.
 */
export class ReplyUsageRecorder {
  private pending: ReplyUsageEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writes = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = USAGE_WRITE_BEHIND_MS,
  ) {}

  record(entry: ReplyUsageEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.delayMs).unref();
  }

  /** Writes what is waiting, after any write already under way (shutdown, tests). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.writes = this.writes.then(() => this.write(batch));
    return this.writes;
  }

  private async write(batch: ReplyUsageEntry[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      await recordReplyUsages(this.db, batch);
    } catch {
      // One bad entry (an account deleted meanwhile) must not lose the others: each is tried on its own.
      for (const entry of batch) {
        await recordReplyUsages(this.db, [entry]).catch((error: unknown) =>
          this.log.error({ err: error }, 'could not record the reply usage'),
        );
      }
    }
  }
}
