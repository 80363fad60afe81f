import { useEffect } from 'react';
import type { User } from '@turtle/shared/user';
import { getUserStatus } from '../../../lib/get-user-status';
import { queryClient } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { useTurtleStore } from '../../../lib/turtle-store';

/**
 * Asks the server for the user, through the query client (decision 025: two asking at once make one call, and it is
 * always asked again), and stores the answer (after a plan change, so every screen agrees). `stillWanted` lets a
 * caller that has gone away drop the answer.
 */
export async function refreshStoredUser(stillWanted: () => boolean = () => true): Promise<void> {
  const status = await queryClient.fetchQuery({ queryKey: queryKeys.userStatus, queryFn: getUserStatus, staleTime: 0 });
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
