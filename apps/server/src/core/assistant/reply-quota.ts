import type { Db } from '../../db/database';
import { refundReply, repliesUsed, setRepliesUsed, takeReply } from './usage.repository';

/**
 * The assistant replies a person has used today, against their plan's limit. Two keepers: PostgreSQL counts in one
 * statement per reply (so every process counts together); PGlite's one process keeps the count in memory and
 * writes it behind, so the first byte of a reply never waits for the embedded database (about 1 ms a query).
 */
export interface ReplyQuota {
  /** Counts one reply if the person is under `limit` today; the new count, or undefined at the limit. */
  take(userId: string, day: string, limit: number): Promise<number | undefined>;
  /** Gives one back (a reply the person did not get). */
  refund(userId: string, day: string): Promise<void>;
  used(userId: string, day: string): Promise<number>;
  /** Waits for counts not yet written (shutdown). */
  flush(): Promise<void>;
}

export class DatabaseQuota implements ReplyQuota {
  constructor(private readonly db: Db) {}
  take = (userId: string, day: string, limit: number) => takeReply(this.db, userId, day, limit);
  refund = (userId: string, day: string) => refundReply(this.db, userId, day);
  used = (userId: string, day: string) => repliesUsed(this.db, userId, day);
  flush = async () => undefined;
}

/**
 * How long a changed count waits before it is written. Each write costs the embedded database about 2 ms of this
 * process's only thread (a transaction on disk), so a burst of replies is written together, not one by one.
 */
export const WRITE_BEHIND_MS = 250;

/**
 * The count in memory (read from the database the first time a person is seen each day), each change written
 * behind, in order, at most every WRITE_BEHIND_MS. Safe because the embedded database has one writer: this process,
 * holding the data folder's lock. A crash can lose the last writes, which only ever gives a person a reply back.
 */
export class LocalQuota implements ReplyQuota {
  private readonly counts = new Map<string, Promise<{ replies: number }>>();
  private countsDay = '';
  private writes = Promise.resolve();
  /** Counts changed since the last write, written together. */
  private readonly dirty = new Map<string, { userId: string; day: string; replies: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: { warn(object: unknown, message: string): void },
  ) {}

  async take(userId: string, day: string, limit: number): Promise<number | undefined> {
    const count = await this.count(userId, day);
    if (count.replies >= limit) return undefined;
    count.replies += 1;
    this.changed(userId, day, count.replies);
    return count.replies;
  }

  async refund(userId: string, day: string): Promise<void> {
    const count = await this.count(userId, day);
    if (count.replies === 0) return;
    count.replies -= 1;
    this.changed(userId, day, count.replies);
  }

  async used(userId: string, day: string): Promise<number> {
    return (await this.count(userId, day)).replies;
  }

  /** Writes what is waiting now, and resolves once every write is done (shutdown). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dirty.size > 0) {
      const counts = [...this.dirty.values()];
      this.dirty.clear();
      this.writes = this.writes
        .then(() => this.save(counts))
        .catch((error: unknown) => this.log.warn({ err: error }, 'could not save the day\u2019s reply counts'));
    }
    return this.writes;
  }

  private count(userId: string, day: string) {
    // A new day: yesterday's counts are of no more use.
    if (day !== this.countsDay) {
      this.counts.clear();
      this.countsDay = day;
    }
    const key = `${userId}\n${day}`;
    let count = this.counts.get(key);
    if (!count) {
      count = repliesUsed(this.db, userId, day).then((replies) => ({ replies }));
      this.counts.set(key, count);
      count.catch(() => this.counts.delete(key));
    }
    return count;
  }

  private changed(userId: string, day: string, replies: number) {
    this.dirty.set(`${userId}\n${day}`, { userId, day, replies });
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), WRITE_BEHIND_MS);
    this.timer.unref();
  }

  /** All in one statement; if that fails (a person deleted their account meanwhile), each on its own. */
  private async save(counts: { userId: string; day: string; replies: number }[]) {
    try {
      await setRepliesUsed(this.db, counts);
    } catch (error) {
      if (counts.length === 1) throw error;
      for (const count of counts) {
        await setRepliesUsed(this.db, [count]).catch((one: unknown) =>
          this.log.warn({ err: one, userId: count.userId }, 'could not save a reply count'),
        );
      }
    }
  }
}
