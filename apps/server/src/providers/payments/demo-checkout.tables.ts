/** The table the demo payment provider owns (docs/architecture.md "Data"). */
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../core/identity/identity.tables';

/** The demo provider's checkouts (the embedded stand-in for Stripe Checkout). Times in milliseconds. */
export const demoCheckoutSessions = pgTable(
  'demo_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').$type<'monthly' | 'yearly'>().notNull(),
    status: text('status').$type<'open' | 'complete' | 'canceled'>().notNull(),
    /** Set when paid: the end of the period bought. */
    periodEnd: bigint('period_end', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('demo_checkout_sessions_user_id_idx').on(table.userId)],
);
