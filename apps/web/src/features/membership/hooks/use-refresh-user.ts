import { useEffect } from 'react';
import type { User } from '@turtle/shared/user';
import { useTurtleStore } from '../../../lib/turtle-store';
import { getUserStatus } from '../../../lib/get-user-status';

/**
 * Asks the server for the user and stores the answer (after a plan change, so every screen agrees). `stillWanted`
 * lets a caller that has gone away drop the answer.
 */
export async function refreshStoredUser(stillWanted: () => boolean = () => true): Promise<void> {
  const status = await getUserStatus();
  if (!stillWanted()) return;
  if ('id' in status) useTurtleStore.getState().setUser(status as User);
  else useTurtleStore.getState().clearUser();
}

/**
 * Fetches the user again when the membership page opens, so a renewal, a cancellation or a payment made in another
 * tab shows up. The stored user is shown meanwhile; a failed call keeps it.
 */
export function useRefreshUser(): void {
  useEffect(() => {
    let live = true;
    refreshStoredUser(() => live).catch((error: unknown) => console.warn('Could not refresh the membership', error));
    return () => {
      live = false;
    };
  }, []);
}
