import type { Membership } from './membership';

/** Plain values, free of zod, so the client's first chunk can use them without loading the schema library. */
export const Plan = { FREE: 0, PRO: 1 } as const;
export const Subscription = { MONTHLY: 1, YEARLY: 2, LIFETIME: 3 } as const;

export const DEFAULT_MEMBERSHIP: Membership = {
  plan: Plan.FREE,
  subscription: Subscription.LIFETIME,
  expireAt: -1,
};
