import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/logout';
import { showAlert } from '../../lib/alert-store';
import { useTurtleStore } from '../../lib/turtle-store';

/** Logout (product.md §2), for the user menu and the phone menu alike. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const logOut = useTurtleStore((state) => state.logOut);
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      showAlert('Could not log out. Check your connection and try again.');
      return;
    }
    // On a screen that needs a user the route guard sends the visitor home too, without a `next`.
    logOut();
    await navigate('/');
  }, [navigate, logOut]);
}
