import { z } from 'zod';

export const Plan = { FREE: 0, PRO: 1 } as const;
export const Subscription = { MONTHLY: 1, YEARLY: 2, LIFETIME: 3 } as const;

export const MembershipSchema = z.object({
  plan: z.union([z.literal(Plan.FREE), z.literal(Plan.PRO)]),
  subscription: z.union([
    z.literal(Subscription.MONTHLY),
    z.literal(Subscription.YEARLY),
    z.literal(Subscription.LIFETIME),
  ]),
  /** Milliseconds since the epoch, or -1 when it never expires / does not apply. */
  expireAt: z.number(),
});
export type Membership = z.infer<typeof MembershipSchema>;

export const DEFAULT_MEMBERSHIP: Membership = {
  plan: Plan.FREE,
  subscription: Subscription.LIFETIME,
  expireAt: -1,
};
