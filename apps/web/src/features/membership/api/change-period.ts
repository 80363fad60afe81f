import type { BillingPeriod } from '@turtle/shared/billing';
import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

export const changePeriod = (period: BillingPeriod) => api.call(billingEndpoints.period, { body: { period } });
