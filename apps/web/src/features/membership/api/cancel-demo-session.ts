import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

/** Abandons a demo checkout; answers where to go back to (the pricing page). */
export const cancelDemoSession = (id: string) => api.call(billingEndpoints.demoCancel, { body: { id } });
