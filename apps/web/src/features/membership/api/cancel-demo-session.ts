import type { DemoCheckoutResultResponse } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

/** Abandons a demo checkout; answers where to go back to (the pricing page). */
export const cancelDemoSession = (id: string) =>
  api.postJson<DemoCheckoutResultResponse>('/api/billing/demo/cancel', { id });
