import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

/** A Stripe billing-portal link for the signed-in Pro member ("Manage billing"). */
export const createPortalSession = () => api.call(billingEndpoints.portal);
