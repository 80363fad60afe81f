import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { api } from '../../../lib/api-client';

export const getDemoSession = (id: string, signal?: AbortSignal) =>
  api.call(billingEndpoints.demoSession, { query: { id }, signal });
