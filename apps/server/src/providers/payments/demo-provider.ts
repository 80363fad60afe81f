import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { DEMO_CHECKOUT_ID_PATTERN, type BillingPeriod, type DemoCheckoutStatus } from '@turtle/shared/billing';
import { DAY_MS } from '@turtle/shared/constants';
import type { Db } from '../../db/database';
import { demoCheckoutSessions } from './demo-checkout.tables';
import type { CreateCheckoutInput, PaymentProvider, ProviderCheckout } from './payment-provider';

export type DemoCheckoutRow = typeof demoCheckoutSessions.$inferSelect;

/** An unpaid demo checkout can be paid for a day, like a Stripe Checkout Session. */
const DEMO_CHECKOUT_TTL_MS = DAY_MS;

export type DemoPayOutcome =
  | { kind: 'paid'; row: DemoCheckoutRow }
  | { kind: 'notFound' }
  | { kind: 'canceled' }
  | { kind: 'expired' }
  | { kind: 'refunded' };

export type DemoCancelOutcome = { kind: 'canceled' } | { kind: 'notFound' } | { kind: 'complete' };

/**
 * The embedded stand-in for Stripe Checkout (the default provider): checkouts are rows in our database, and the
 * clearly labelled demo page pays or cancels them. No money moves. Verification goes through the same interface
 * and the same fulfilment as Stripe's.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly kind = 'demo' as const;

  constructor(private readonly db: Db) {}

  isCheckoutId(id: string): boolean {
    return DEMO_CHECKOUT_ID_PATTERN.test(id);
  }

  async createCheckout({ userId, period }: CreateCheckoutInput): Promise<{ url: string }> {
    const id = `cs_demo_${randomBytes(16).toString('hex')}`;
    const now = Date.now();
    await this.db
      .insert(demoCheckoutSessions)
      .values({ id, userId, period, status: 'open', createdAt: now, expiresAt: now + DEMO_CHECKOUT_TTL_MS });
    return { url: `/checkout/demo?session=${id}` };
  }

  async retrieveCheckout(id: string): Promise<ProviderCheckout | null> {
    const rows = await this.db.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, id)).limit(1);
    const row = rows[0];
    if (!row) return null;
    const refunded = isRefunded(row);
    const complete = row.status === 'complete' || refunded;
    return {
      id: row.id,
      complete,
      paid: complete,
      userId: row.userId,
      period: row.period,
      periodEndMs: row.periodEnd,
      customerId: null,
      subscriptionId: null,
      ended: refunded,
    };
  }

  async createPortal(): Promise<null> {
    return null;
  }

  /** Expires the person's open demo checkouts now: their page then says they can no longer be paid. */
  async expireOpenCheckouts({ userId }: { userId: string }, now = Date.now()): Promise<number> {
    const expired = await this.db
      .update(demoCheckoutSessions)
      .set({ expiresAt: now })
      .where(
        and(
          eq(demoCheckoutSessions.userId, userId),
          eq(demoCheckoutSessions.status, 'open'),
          gt(demoCheckoutSessions.expiresAt, now),
        ),
      )
      .returning({ id: demoCheckoutSessions.id });
    return expired.length;
  }

  /**
   * No money moved, so the refund is the record of one: the paid checkout becomes canceled and keeps its `periodEnd`
   * (that is how a refunded one is told from one canceled before paying). It is then never fulfilled.
   */
  async refundSecondPurchase(checkout: ProviderCheckout): Promise<void> {
    await this.db
      .update(demoCheckoutSessions)
      .set({ status: 'canceled' })
      .where(and(eq(demoCheckoutSessions.id, checkout.id), eq(demoCheckoutSessions.status, 'complete')));
  }

  /** The caller's own demo checkout, or undefined (another user's looks missing). */
  async findOwnSession(userId: string, id: string): Promise<DemoCheckoutRow | undefined> {
    const rows = await this.db
      .select()
      .from(demoCheckoutSessions)
      .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.userId, userId)))
      .limit(1);
    return rows[0];
  }

  /** Pays an open checkout: complete, with the period bought starting now. Paying twice changes nothing more. */
  async pay(userId: string, id: string, now = Date.now()): Promise<DemoPayOutcome> {
    const row = await this.findOwnSession(userId, id);
    if (!row) return { kind: 'notFound' };
    if (row.status === 'complete') return { kind: 'paid', row };
    if (isRefunded(row)) return { kind: 'refunded' };
    if (row.status === 'canceled') return { kind: 'canceled' };
    if (row.expiresAt <= now) return { kind: 'expired' };
    const updated = await this.db
      .update(demoCheckoutSessions)
      .set({ status: 'complete', periodEnd: addPeriod(now, row.period) })
      .where(
        and(
          eq(demoCheckoutSessions.id, id),
          eq(demoCheckoutSessions.status, 'open'),
          // Expired in the meantime (another checkout was fulfilled): not paid.
          gt(demoCheckoutSessions.expiresAt, now),
        ),
      )
      .returning();
    // Lost a race with another Pay, a Cancel or an expiry: answer what the other one left.
    return updated[0] ? { kind: 'paid', row: updated[0] } : this.pay(userId, id, now);
  }

  async cancel(userId: string, id: string): Promise<DemoCancelOutcome> {
    const row = await this.findOwnSession(userId, id);
    if (!row) return { kind: 'notFound' };
    if (row.status === 'complete') return { kind: 'complete' };
    const updated = await this.db
      .update(demoCheckoutSessions)
      .set({ status: 'canceled' })
      .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.status, 'open')))
      .returning({ id: demoCheckoutSessions.id });
    return updated[0] || row.status === 'canceled' ? { kind: 'canceled' } : this.cancel(userId, id);
  }
}

/** A demo checkout paid, then refunded as a second purchase (`refundSecondPurchase`). */
export function isRefunded(row: DemoCheckoutRow): boolean {
  return row.status === 'canceled' && row.periodEnd !== null;
}

/** What the demo page shows: an open checkout past its time can no longer be paid, so it reads as canceled. */
export function demoStatus(row: DemoCheckoutRow, now = Date.now()): DemoCheckoutStatus {
  return row.status === 'open' && row.expiresAt <= now ? 'canceled' : row.status;
}

/** `start` plus one calendar month or year (UTC), the day clamped to the month's last, as Stripe bills. */
export function addPeriod(start: number, period: BillingPeriod): number {
  const date = new Date(start);
  const months = period === 'monthly' ? 1 : 12;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}
