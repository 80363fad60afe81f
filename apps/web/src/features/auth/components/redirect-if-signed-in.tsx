import { Navigate, Outlet, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { selectIsSignedIn, useTurtleStore } from '../../../lib/turtle-store';
import { useUserStatus } from '../../../lib/user-status-store';
import { safeNextPath, SIGNED_IN_HOME } from '../lib/safe-next-path';

/**
 * A signed-in visitor on /login or /signup goes to their work, /chats (decision 019; rules.md "Sessions and
 * routes" said `/`), or to where `next` was taking them. Waiting for the status call also keeps its answer from
 * arriving after a fresh login.
 */
export function RedirectIfSignedIn() {
  const known = useUserStatus((state) => state.known);
  const signedIn = useTurtleStore(selectIsSignedIn);
  const [params] = useSearchParams();
  if (!known) return <PageSpinner />;
  if (signedIn) return <Navigate replace to={safeNextPath(params.get('next'), SIGNED_IN_HOME)} />;
  return <Outlet />;
}
