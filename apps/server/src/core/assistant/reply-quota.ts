import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { activeStreams } from './assistant.tables';
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
 * A reply being written on PGlite, as its stream slot's row records it (LocalSlots keeps the slot itself in the
 * process). The row is written behind with the count the reply took, and deleted behind once it ends.
 */
export interface SlotRecord {
  userId: string;
  owner: string;
  /** The kept reply, if any. */
  messageId?: string;
  /** The day the reply is counted on. */
  day: string;
  takenAt: number;
}

interface DayCount {
  userId: string;
  day: string;
  replies: number;
}

/** What one write saves: counts as they are now, and slot rows to keep (a record) or delete (null), by person. */
interface Changes {
  counts: DayCount[];
  slots: [userId: string, record: SlotRecord | null][];
}

/**
 * The count in memory (read from the database the first time a person is seen each day), each change written
 * behind, in order, at most every WRITE_BEHIND_MS. Safe because the embedded database has one writer: this process,
 * holding the data folder's lock. A crash can lose the last writes, which only ever gives a person a reply back.
 *
 * The slot of each reply being written goes in the same writes, in the same transaction as its count, and its end
 * (with any refund) in that write or a later one. Whatever a crash leaves, a reply the database counts and that had
 * not ended has its slot's row there: at the next start, LocalSlots.reclaimAtStart gives back every reply the crash
 * cut, kept or not (at worst also one that had just ended).
 */
export class LocalQuota implements ReplyQuota {
  private readonly counts = new Map<string, Promise<{ replies: number }>>();
  private countsDay = '';
  private writes = Promise.resolve();
  /** Counts changed since the last write, written together. */
  private readonly dirty = new Map<string, DayCount>();
  /** Slot rows changed since the last write, by person: the record to keep, or null to delete it. */
  private readonly dirtySlots = new Map<string, SlotRecord | null>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: { warn(object: unknown, message: string): void },
  ) {}

  take(userId: string, day: string, limit: number): Promise<number | undefined> {
    return this.takeOne(userId, day, limit);
  }

  /** Counts one reply like `take` and, if it counted, records the slot it is written in (both written behind). */
  takeWithSlot(slot: SlotRecord, limit: number): Promise<number | undefined> {
    return this.takeOne(slot.userId, slot.day, limit, slot);
  }

  /** The slot's reply ended (after any refund of it): its row goes, behind the count's last change. */
  endSlot(userId: string): void {
    this.dirtySlots.set(userId, null);
    this.scheduleWrite();
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
    if (this.dirty.size > 0 || this.dirtySlots.size > 0) {
      const changes: Changes = { counts: [...this.dirty.values()], slots: [...this.dirtySlots.entries()] };
      this.dirty.clear();
      this.dirtySlots.clear();
      this.writes = this.writes
        .then(() => this.save(changes))
        .catch((error: unknown) => this.log.warn({ err: error }, 'could not save the day\u2019s reply counts'));
    }
    return this.writes;
  }

  private async takeOne(userId: string, day: string, limit: number, slot?: SlotRecord) {
    const count = await this.count(userId, day);
    if (count.replies >= limit) return undefined;
    count.replies += 1;
    // In the same turn as the count's change, so no write can hold one without the other.
    if (slot) this.dirtySlots.set(userId, slot);
    this.changed(userId, day, count.replies);
    return count.replies;
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
    this.scheduleWrite();
  }

  private scheduleWrite() {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), WRITE_BEHIND_MS);
    this.timer.unref();
  }

  /** All in one transaction; if that fails (a person deleted their account meanwhile), each person's on their own. */
  private async save(changes: Changes) {
    try {
      await saveChanges(this.db, changes);
    } catch (error) {
      const people = new Set([
        ...changes.counts.map((count) => count.userId),
        ...changes.slots.map(([userId]) => userId),
      ]);
      if (people.size <= 1) throw error;
      for (const userId of people) {
        const own: Changes = {
          counts: changes.counts.filter((count) => count.userId === userId),
          slots: changes.slots.filter(([slotUser]) => slotUser === userId),
        };
        await saveChanges(this.db, own).catch((one: unknown) =>
          this.log.warn({ err: one, userId }, 'could not save a reply count'),
        );
      }
    }
  }
}

async function saveChanges(db: Db, { counts, slots }: Changes) {
  const kept = slots.flatMap(([, record]) => (record ? [record] : []));
  const ended = slots.flatMap(([userId, record]) => (record ? [] : [userId]));
  if (kept.length === 0 && ended.length === 0) return setRepliesUsed(db, counts);
  await db.transaction(async (tx) => {
    await setRepliesUsed(tx, counts);
    await keepSlotRows(tx, kept);
    if (ended.length > 0) await tx.delete(activeStreams).where(inArray(activeStreams.userId, ended));
  });
}

async function keepSlotRows(tx: DbOrTx, records: SlotRecord[]) {
  if (records.length === 0) return;
  const rows = records.map((record) => ({
    userId: record.userId,
    // No other process takes a slot here, so no token tells holders apart.
    token: 'in-process',
    heartbeatAt: record.takenAt,
    owner: record.owner,
    messageId: record.messageId ?? null,
    day: record.day,
  }));
  const excluded = (column: { name: string }) => sql.raw(`excluded.${column.name}`);
  await tx
    .insert(activeStreams)
    .values(rows)
    .onConflictDoUpdate({
      target: activeStreams.userId,
      set: {
        token: excluded(activeStreams.token),
        heartbeatAt: excluded(activeStreams.heartbeatAt),
        owner: excluded(activeStreams.owner),
        messageId: excluded(activeStreams.messageId),
        day: excluded(activeStreams.day),
      },
    });
}
