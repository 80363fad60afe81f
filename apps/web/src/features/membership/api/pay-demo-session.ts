import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

/** Completes a demo checkout; answers the payment-success address to go to. */
export const payDemoSession = (id: string) => api.call(billingEndpoints.demoPay, { body: { id } });
