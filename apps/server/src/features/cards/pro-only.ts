import { ANALYTICS_PRO_MESSAGE } from '@turtle/shared/cards-analytics';
import { effectivePlan, ENTITLEMENTS } from '@turtle/shared/entitlements';
import { HttpError } from '../../lib/http-error';

/**
 * Analytics and the optimizer are Pro's (docs/decisions/013-analytics-and-optimizer.md): a Free member's request is
 * refused before any query runs.
 */
export function requireAnalytics(user: { plan: number; expireAt: number }): void {
  if (!ENTITLEMENTS[effectivePlan(user)].analytics) throw new HttpError(403, 'proRequired', ANALYTICS_PRO_MESSAGE);
}
