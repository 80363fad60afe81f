import type { SubscriptionSummary } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

/** `renew: false` cancels at the period's end; `true` resumes. */
export const setRenewal = (renew: boolean) => api.postJson<SubscriptionSummary>('/api/billing/renewal', { renew });
