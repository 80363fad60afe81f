/** The table the auth feature owns (docs/architecture.md "Data"). */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../core/identity/identity.tables';

/**
 * A browser that signed in to an account before (docs/decisions/016-login-throttling.md). Failed logins from it count
 * apart from everyone else's, so guesses against an account never lock its owner out of a known device.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** SHA-256 of the device cookie's token, hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('known_devices_user_id_idx').on(table.userId)],
);
