import type { User } from '@turtle/shared/user';
import { getUserStatus } from '../lib/get-user-status';
import { usePublicConfig } from '../lib/public-config-store';
import { useTurtleStore } from '../lib/turtle-store';
import { useUserStatus } from '../lib/user-status-store';
import { getPublicConfig } from './get-public-config';

/**
 * The start-up calls (product.md §2 "loads some initial data once"): who is signed in, and the public settings.
 * The session cookie is HttpOnly, so the status call is always made (rules.md). They go out as the app starts,
 * beside the first screen's chunk and before React's first render, not after it (decision 026).
 */
export function startUp(): void {
  getUserStatus()
    .then((status) => {
      if ('id' in status) useTurtleStore.getState().setUser(status as User);
      else useTurtleStore.getState().clearUser();
    })
    .catch(() => {
      // Offline or the server is down: keep what the device remembers; calls that need the session will say so.
    })
    .finally(() => useUserStatus.setState({ known: true }));
  getPublicConfig()
    .then((config) => usePublicConfig.setState(config))
    .catch(() => {});
}
