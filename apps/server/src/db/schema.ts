import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Stored normalised (trimmed, lower case); unique. */
  email: text('email').notNull().unique(),
  /** argon2id hash; null for accounts made through a third-party provider. */
  passwordHash: text('password_hash'),
  role: integer('role').notNull().default(0),
  plan: integer('plan').notNull().default(0),
  subscription: integer('subscription').notNull().default(3),
  expireAt: bigint('expire_at', { mode: 'number' }).notNull().default(-1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token, hex. The token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);
