import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { billingCustomers, fulfillments, stripeEvents } from './billing.tables';

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type FulfillmentRow = typeof fulfillments.$inferSelect;

export async function findFulfillment(db: DbOrTx, checkoutSessionId: string): Promise<FulfillmentRow | undefined> {
  const rows = await db
    .select()
    .from(fulfillments)
    .where(eq(fulfillments.checkoutSessionId, checkoutSessionId))
    .limit(1);
  return rows[0];
}

/** Claims a checkout for fulfilment. False when it was fulfilled already (the primary key decides, even in a race). */
export async function insertFulfillment(db: DbOrTx, values: typeof fulfillments.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(fulfillments)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: fulfillments.checkoutSessionId });
  return rows.length === 1;
}

export async function stripeEventSeen(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id)).limit(1);
  return rows.length === 1;
}

/** Records a webhook event. False when it was seen already: then it must change nothing. */
export async function insertStripeEvent(db: DbOrTx, values: typeof stripeEvents.$inferInsert): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values(values).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length === 1;
}

export async function findBillingCustomer(db: DbOrTx, userId: string): Promise<BillingCustomerRow | undefined> {
  const rows = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
  return rows[0];
}

/** The row for a Stripe subscription, locked until the transaction ends so two events apply one after the other. */
export async function lockBillingCustomerBySubscription(
  db: DbOrTx,
  subscriptionId: string,
): Promise<BillingCustomerRow | undefined> {
  const rows = await db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.subscriptionId, subscriptionId))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function upsertBillingCustomer(db: DbOrTx, values: typeof billingCustomers.$inferInsert): Promise<void> {
  const { userId: _userId, ...changes } = values;
  await db
    .insert(billingCustomers)
    .values(values)
    .onConflictDoUpdate({ target: billingCustomers.userId, set: changes });
}

/**
 * Keeps the person's Stripe customer. The first one stored stays: a second made by a checkout opened at the same
 * moment is not kept, and the stored id is answered to both, so all their checkouts name one customer.
 */
export async function claimStripeCustomer(
  db: DbOrTx,
  userId: string,
  customerId: string,
  now = Date.now(),
): Promise<string> {
  const rows = await db
    .insert(billingCustomers)
    .values({ userId, provider: 'stripe', customerId, updatedAt: now })
    .onConflictDoUpdate({
      target: billingCustomers.userId,
      set: {
        // Both read the row as it was: a row without a customer (a demo one from before) becomes Stripe's.
        provider: sql`case when ${billingCustomers.customerId} is null then 'stripe' else ${billingCustomers.provider} end`,
        customerId: sql`coalesce(${billingCustomers.customerId}, excluded.customer_id)`,
        updatedAt: now,
      },
    })
    .returning({ customerId: billingCustomers.customerId });
  return rows[0]?.customerId ?? customerId;
}

export async function updateBillingCustomer(
  db: DbOrTx,
  userId: string,
  changes: Partial<Omit<typeof billingCustomers.$inferInsert, 'userId'>>,
): Promise<void> {
  await db.update(billingCustomers).set(changes).where(eq(billingCustomers.userId, userId));
}
