import { suspendedMessage } from '@turtle/shared/admin';
import { HttpError } from '../../lib/http-error';
import type { UserRow } from './users.repository';

/**
 * A suspended person signs in nowhere (docs/decisions/037-administrators.md): every way in asks this once it knows who
 * is signing in, and the refusal says why and whom to write to.
 */
export function refuseIfSuspended(user: UserRow, supportEmail: string): void {
  if (user.suspendedAt !== null) {
    throw new HttpError(403, 'suspended', suspendedMessage(user.suspensionReason, supportEmail));
  }
}
