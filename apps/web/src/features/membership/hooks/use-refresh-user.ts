import { useEffect } from 'react';
import type { User } from '@turtle/shared/user';
import { useTurtleStore } from '../../../lib/turtle-store';
import { getUserStatus } from '../../../lib/get-user-status';

/** Asks the server for the user and stores the answer (after a plan change, so every screen agrees). */
export async function refreshStoredUser(): Promise<void> {
  const status = await getUserStatus();
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
    getUserStatus()
      .then((status) => {
        if (!live) return;
        if ('id' in status) useTurtleStore.getState().setUser(status as User);
        else useTurtleStore.getState().clearUser();
      })
      .catch((error: unknown) => console.warn('Could not refresh the membership', error));
    return () => {
      live = false;
    };
  }, []);
}
