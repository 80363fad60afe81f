/** The table lib/idempotency.ts owns (docs/architecture.md "Data"). */
import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../core/identity/identity.tables';

/**
 * The answer to a create sent with an `Idempotency-Key` (lib/idempotency.ts): a retry with the same key gets it again
 * instead of creating a second row. Kept a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the key created: `note`, later `card`, `conversation`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body, hex: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The JSON body answered the first time. */
    response: jsonb('response').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.scope, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
