import type { BillingPeriod, CheckoutResponse } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

/** Starts a Pro checkout; answers where to send the visitor (Stripe Checkout, or the demo checkout page). */
export const createCheckout = (period: BillingPeriod) =>
  api.postJson<CheckoutResponse>('/api/billing/checkout', { period });
