import type { BillingPeriod, SubscriptionSummary } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

export const changePeriod = (period: BillingPeriod) =>
  api.postJson<SubscriptionSummary>('/api/billing/period', { period });
