import { FREE_DAILY_REPLIES, FREE_PLAN_MAX_CARDS, PRO_DAILY_REPLIES } from './constants';
import { Plan } from './plans';

/**
 * What each plan includes: the one table the pricing page, the meters and the server's limits read. Plain values
 * (no zod) so any chunk can use it. `null` means no limit.
 */
export const ENTITLEMENTS = {
  [Plan.FREE]: { dailyReplies: FREE_DAILY_REPLIES, maxCards: FREE_PLAN_MAX_CARDS as number | null },
  [Plan.PRO]: { dailyReplies: PRO_DAILY_REPLIES, maxCards: null as number | null },
} as const;

export type PlanId = (typeof Plan)[keyof typeof Plan];

/** DECISIONS.md: a Pro membership whose `expireAt` has passed counts as Free. `-1` never expires (lifetime). */
export function effectivePlan(membership: { plan: number; expireAt: number }, now = Date.now()): PlanId {
  if (membership.plan !== Plan.PRO) return Plan.FREE;
  return membership.expireAt === -1 || membership.expireAt > now ? Plan.PRO : Plan.FREE;
}

export const DAILY_LIMIT_MESSAGE = 'Daily message limit reached. Upgrade to Pro for more.';

/** `GET /api/chat/usage`: assistant replies used today (UTC) against the plan's daily limit. */
export interface ChatUsage {
  used: number;
  limit: number;
  remaining: number;
  plan: PlanId;
  /** When the count starts again (ms since epoch, the next UTC midnight). */
  resetsAt: number;
}
