/** The tables core/assistant owns (docs/architecture.md "Data"): the daily reply counts, the stream slots and each reply's usage. */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/**
 * One assistant reply's cost in tokens (decision 037 "Usage and cost"): its model, what the person's plan was, and the
 * tokens the upstream reported (`counted`), or an estimate from the text when it reported none. Never its content.
 */
export const replyUsage = pgTable(
  'reply_usage',
  {
    id: text('id').primaryKey(),
    /** Kept after the account goes (null), so the month's figures do not change. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    /** `chat`, `tutor` or `test`. */
    source: text('source').notNull(),
    plan: integer('plan').notNull(),
    promptTokens: integer('prompt_tokens').notNull(),
    completionTokens: integer('completion_tokens').notNull(),
    /** The upstream said these numbers; false when they are estimated from the text (about four characters a token). */
    counted: boolean('counted').notNull(),
    /** How the reply ended: `complete`, `stopped`, `gone`, `failed` or `shutdown`. */
    ending: text('ending').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reply_usage_created_at_idx').on(table.createdAt),
    index('reply_usage_user_id_idx').on(table.userId),
  ],
);

/**
 * `reply_usage` summed by UTC day, person, model and plan, kept by the statement that writes each reply's row, so the
 * console's usage, margins and heaviest users read days, not every reply (decision 037 "Usage and cost"; 5,000,000
 * replies took seconds). A deleted account's sums stay without a person, as its replies do.
 */
export const replyUsageDays = pgTable(
  'reply_usage_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    plan: integer('plan').notNull(),
    replies: integer('replies').notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull(),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull(),
    /** Replies whose tokens were estimated from the text. */
    estimated: integer('estimated').notNull(),
  },
  (table) => [
    uniqueIndex('reply_usage_days_key').on(table.day, table.userId, table.model, table.plan),
    index('reply_usage_days_user_id_idx').on(table.userId),
  ],
);
