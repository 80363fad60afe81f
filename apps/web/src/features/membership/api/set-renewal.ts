import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

/** `renew: false` cancels at the period's end; `true` resumes. */
export const setRenewal = (renew: boolean) => api.call(billingEndpoints.renewal, { body: { renew } });
