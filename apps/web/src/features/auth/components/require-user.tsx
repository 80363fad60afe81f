import { Navigate, Outlet, useLocation } from 'react-router';
import { ScreenSkeleton } from '../../../components/layout/screen-skeleton';
import { selectIsSignedIn, useTurtleStore } from '../../../lib/turtle-store';
import { useUserStatus } from '../../../lib/user-status-store';
import { signInPath } from '../lib/safe-next-path';

/**
 * rules.md "Sessions and routes": the screens below need a signed-in user. A signed-out visitor goes to
 * `/login?next=<where they were>`, or home after a logout here. Until the start-up status call answers nobody is sent anywhere, so reloading a
 * screen while signed in never bounces through the login page. (Kept free of the form libraries: it is in the
 * first chunk every page loads.)
 */
export function RequireUser() {
  const known = useUserStatus((state) => state.known);
  const signedIn = useTurtleStore(selectIsSignedIn);
  const loggedOut = useTurtleStore((state) => state.loggedOut);
  const { pathname, search } = useLocation();
  if (!known) return <ScreenSkeleton />;
  // After a logout the next person on this browser must not land where the last one was.
  if (!signedIn) return <Navigate replace to={loggedOut ? '/' : signInPath('/login', pathname + search)} />;
  return <Outlet />;
}
