import { useCallback, useEffect, useRef, useState } from 'react';
import type { User } from '@turtle/shared/user';
import { showAlert } from '../../../lib/alert-store';
import { ApiError } from '../../../lib/api-client';
import { loginThirdParty } from '../api/login-third-party';
import { GENERIC_ERROR } from '../lib/show-server-error';
import { signInWithPopup } from '../lib/sign-in-popup';

/**
 * The "Continue with …" flow (product.md §4: idle, popup opened, then success or nothing). A popup that is blocked,
 * closed or fails shows nothing; a refused sign-in (an account that uses a password, too many attempts) shows the
 * server's message in the alert bar.
 */
export function useThirdPartySignIn(onSignedIn: (user: User) => void) {
  const [busy, setBusy] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const start = useCallback(async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    // Opened before any await: the browser only allows a popup straight from the click.
    const result = await signInWithPopup(controller.signal);
    try {
      if (!result || controller.signal.aborted) return;
      const { name, email, ticket } = result;
      onSignedIn(await loginThirdParty({ name, email, ticket }));
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!(error instanceof ApiError)) console.error(error);
      showAlert(error instanceof ApiError ? error.message : GENERIC_ERROR);
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  }, [onSignedIn]);

  return { busy, start };
}
