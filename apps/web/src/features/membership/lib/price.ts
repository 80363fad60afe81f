// Only the type from the billing contract: its module brings the schema library, which stays out of this chunk.
import type { BillingPeriod } from '@turtle/shared/billing';
import { PRO_PRICE_MONTHLY_USD, PRO_PRICE_YEARLY_USD, YEARLY_SAVING_PERCENT } from '@turtle/shared/constants';
import { formatCount, usd } from '../../../lib/format-price';

export type { BillingPeriod };

/** The two billing periods of the pricing toggle, in the order shown. */
export const BILLING_PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

export { formatCount, usd };

export interface ProPrice {
  /** "$9.99" or "$99". */
  amount: string;
  /** "/month" or "/year". */
  per: string;
  /** The whole price, as the demo checkout and screen readers say it: "$99/year". */
  label: string;
}

/** Pro's price for a billing period, from the shared constants (product.md §9). */
export function proPrice(period: BillingPeriod): ProPrice {
  const amount = usd(period === 'yearly' ? PRO_PRICE_YEARLY_USD : PRO_PRICE_MONTHLY_USD);
  const per = period === 'yearly' ? '/year' : '/month';
  return { amount, per, label: amount + per };
}

/** What Pro costs a month when paid yearly: "$8.25". */
export function yearlyPerMonth(): string {
  return usd(Math.round((PRO_PRICE_YEARLY_USD / 12) * 100) / 100);
}

export const YEARLY_SAVING_NOTE = `Save ${YEARLY_SAVING_PERCENT}% with yearly billing`;

export function periodLabel(period: BillingPeriod): 'Monthly' | 'Yearly' {
  return period === 'yearly' ? 'Yearly' : 'Monthly';
}

/** What a year of Pro saves paid yearly rather than monthly, from the real prices: "$20.88". */
export function yearlySaving(): string {
  return usd(Math.round((PRO_PRICE_MONTHLY_USD * 12 - PRO_PRICE_YEARLY_USD) * 100) / 100);
}

/** The pricing and billing button that switches a Pro member to `period`. */
export function switchLabel(period: BillingPeriod): string {
  return period === 'yearly' ? `Switch to yearly — save ${yearlySaving()}` : 'Switch to monthly';
}
