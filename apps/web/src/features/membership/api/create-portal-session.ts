import type { PortalResponse } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

/** A Stripe billing-portal link for the signed-in Pro member ("Manage billing"). */
export const createPortalSession = () => api.post<PortalResponse>('/api/billing/portal');
