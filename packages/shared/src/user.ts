import { z } from './zod';
import { MembershipSchema } from './membership';

/** The user as every user-returning endpoint answers it (product.md §7, rules.md "Sessions and routes"). */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  membership: MembershipSchema,
});
export type User = z.infer<typeof UserSchema>;

/** `GET /api/user/status` answers the user when signed in and `{}` when signed out. */
export const UserStatusResponseSchema = z.union([UserSchema, z.object({}).strict()]);
export type UserStatusResponse = z.infer<typeof UserStatusResponseSchema>;

export const LogoutResponseSchema = z.object({ ok: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;
