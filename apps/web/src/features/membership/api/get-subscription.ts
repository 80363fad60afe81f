import type { SubscriptionSummary } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

export const getSubscription = (signal?: AbortSignal) =>
  api.get<SubscriptionSummary>('/api/billing/subscription', signal);
