import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { User } from '@turtle/shared/user';
import { useTurtleStore } from '../../../lib/turtle-store';
import { safeNextPath, SIGNED_IN_HOME } from '../lib/safe-next-path';

/**
 * After a login, signup or provider sign-in: keep the user and go where the visitor was headed (`next`), or to
 * their work, /chats (decision 019: not the marketing page that product.md §2's "/" was). The guard on these
 * screens sends a signed-in visitor to the
 * same place, so whichever of the two acts first, the visitor lands in one spot.
 */
export function useFinishSignIn(): (user: User) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  return useCallback(
    (user: User) => {
      useTurtleStore.getState().setUser(user);
      void navigate(safeNextPath(next, SIGNED_IN_HOME), { replace: true });
    },
    [navigate, next],
  );
}
