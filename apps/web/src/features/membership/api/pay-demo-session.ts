import type { DemoCheckoutResultResponse } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

/** Completes a demo checkout; answers the payment-success address to go to. */
export const payDemoSession = (id: string) => api.postJson<DemoCheckoutResultResponse>('/api/billing/demo/pay', { id });
