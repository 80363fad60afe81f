import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

export const getSubscription = (signal?: AbortSignal) => api.call(billingEndpoints.subscription, { signal });
