import type { User } from '@turtle/shared/user';
import { MembershipSchema } from '@turtle/shared/membership';
import type { UserRow } from './users.repository';

/** Maps a row to the shared response shape, so new columns (a password hash) never leak. */
export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    membership: MembershipSchema.parse({ plan: row.plan, subscription: row.subscription, expireAt: row.expireAt }),
  };
}
