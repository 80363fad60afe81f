import type { DemoCheckoutSession } from '@turtle/shared/billing';
import { api } from '../../../lib/api-client';

export const getDemoSession = (id: string, signal?: AbortSignal) =>
  api.get<DemoCheckoutSession>(`/api/billing/demo/session?${new URLSearchParams({ id })}`, signal);
