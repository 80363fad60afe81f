import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database';
import { activeDays } from './identity.tables';

/**
 * Writes the `active_days` row of a person seen today (UTC), at most once a day in this process: the first request a
 * person's session makes each day costs one insert, every other none (decision 037 "The business"). Another process
 * writing the same row changes nothing (the key is the day and the person).
 */
export class ActiveDayRecorder {
  private day = '';
  private seen = new Set<string>();

  constructor(private readonly db: DbOrTx) {}

  async record(userId: string, log: FastifyBaseLogger, now = Date.now()): Promise<void> {
    const day = new Date(now).toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.seen = new Set();
    }
    if (this.seen.has(userId)) return;
    this.seen.add(userId);
    try {
      await this.db.insert(activeDays).values({ day, userId }).onConflictDoNothing();
    } catch (error) {
      // A figure of the console is never worth a failed request: the next request tries again.
      this.seen.delete(userId);
      log.warn({ err: error }, 'active day not recorded');
    }
  }
}
