import type { BillingPeriod } from './price';

/** The login page that comes back to the pricing page, on the period the visitor chose. */
export function pricingLoginPath(period: BillingPeriod): string {
  const next = period === 'yearly' ? '/pricing?period=yearly' : '/pricing';
  return `/login?${new URLSearchParams({ next })}`;
}

/** The period a pricing address asks for (`?period=yearly`); monthly otherwise. */
export function periodFromQuery(value: string | null): BillingPeriod {
  return value === 'yearly' ? 'yearly' : 'monthly';
}
