/** The tables core/assistant owns (docs/architecture.md "Data"): the daily reply counts and the stream slots. */
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../identity/identity.tables';

/** Assistant replies a user started on one UTC day (rules.md "Chat": daily limits per plan). */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD`, UTC. */
    day: text('day').notNull(),
    replies: integer('replies').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * The one reply a user may have in progress (rules.md: one stream at a time per user), shared by every server
 * process. A slot whose heartbeat is older than the stale limit belonged to a process that died and can be taken.
 */
export const activeStreams = pgTable('active_streams', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Random per stream, so only its owner releases it. */
  token: text('token').notNull(),
  heartbeatAt: bigint('heartbeat_at', { mode: 'number' }).notNull(),
  /** The server instance writing the reply: at start, an instance reclaims the slots it left behind. */
  owner: text('owner').notNull().default(''),
  /** The kept reply being written, if any: a reclaimed slot marks it stopped. */
  messageId: text('message_id'),
  /** The usage day the reply was counted on: a reclaimed slot gives it back. */
  day: text('day'),
});
