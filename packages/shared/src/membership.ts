import { z } from './zod';
import { Plan, Subscription } from './plans';

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
