/**
 * The tables the billing feature owns (docs/architecture.md "Data"); the plan itself is on `users`, set through
 * core/identity.
 */
import { bigint, boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../core/identity/identity.tables';

/**
 * Membership and payments (rules.md "Membership and payments"). A user's link to the payment provider: Stripe's
 * customer and subscription ids stay on the server, never in a response.
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'stripe' | 'demo'>().notNull(),
  customerId: text('customer_id').unique(),
  subscriptionId: text('subscription_id').unique(),
  /** The provider's last word on the subscription (`active`, `past_due`, `canceled`, …). */
  subscriptionStatus: text('subscription_status'),
  /** The member asked to stop at the period's end (Stripe's `cancel_at_period_end`; the demo keeps its own). */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** `created` of the newest provider event applied (ms): an older event never rolls the state back. */
  lastEventAt: bigint('last_event_at', { mode: 'number' }).notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** One row per fulfilled checkout: the primary key is what makes fulfilment happen exactly once. */
export const fulfillments = pgTable(
  'fulfillments',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'demo'>().notNull(),
    period: text('period').$type<'monthly' | 'yearly'>().notNull(),
    periodEnd: bigint('period_end', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('fulfillments_user_id_idx').on(table.userId)],
);

/** Stripe webhook events already applied, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
});
