import type { BillingPeriod } from '@turtle/shared/billing';
import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

/** Starts a Pro checkout; answers where to send the visitor (Stripe Checkout, or the demo checkout page). */
export const createCheckout = (period: BillingPeriod) => api.call(billingEndpoints.checkout, { body: { period } });
