import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { showAlert } from '../../lib/alert-store';
import { useTurtleStore } from '../../lib/turtle-store';

/** Logout (SPEC 2), for the user menu and the phone menu alike. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const clearUser = useTurtleStore((state) => state.clearUser);
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      showAlert('Could not log out. Check your connection and try again.');
      return;
    }
    // Leave first, then forget the user: emptied on a screen that needs a user, the route guard would
    // send the visitor to the login page instead of home.
    await navigate('/', { flushSync: true });
    clearUser();
  }, [navigate, clearUser]);
}
