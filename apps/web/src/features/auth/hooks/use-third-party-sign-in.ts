import { useCallback, useEffect, useRef } from 'react';
import type { User } from '@turtle/shared/user';
import { showAlert } from '../../../lib/alert-store';
import { ApiError } from '../../../lib/api-client';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { loginThirdParty } from '../api/login-third-party';
import { GENERIC_ERROR } from '../lib/show-server-error';
import { signInWithPopup } from '../lib/sign-in-popup';

/**
 * The "Continue with …" flow (product.md §4: idle, popup opened, then success or nothing). A popup that is blocked,
 * closed or fails shows nothing; a refused sign-in (an account that uses a password, too many attempts) shows the
 * server's message in the alert bar.
 */
export function useThirdPartySignIn(onSignedIn: (user: User) => void) {
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const signingIn = useServerMutation(
    async ({ popup, signal }: { popup: ReturnType<typeof signInWithPopup>; signal: AbortSignal }) => {
      const result = await popup;
      if (!result || signal.aborted) return;
      const { name, email, ticket } = result;
      onSignedIn(await loginThirdParty({ name, email, ticket }));
    },
    {
      onError: (error, { signal }) => {
        if (signal.aborted) return;
        if (!(error instanceof ApiError)) console.error(error);
        showAlert(error instanceof ApiError ? error.message : GENERIC_ERROR);
      },
    },
  );
  const { run } = signingIn;

  const start = useCallback(async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    // Opened before any await: the browser only allows a popup straight from the click.
    const popup = signInWithPopup(controller.signal);
    await run({ popup, signal: controller.signal });
  }, [run]);

  return { busy: signingIn.busy, start };
}
