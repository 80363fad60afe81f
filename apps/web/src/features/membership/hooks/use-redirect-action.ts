import { useCallback, useEffect } from 'react';
import { showAlert } from '../../../lib/alert-store';
import { errorMessage } from '../../../lib/error-message';
import { useServerMutation } from '../../../lib/query/use-server-mutation';
import { useGoTo } from './use-go-to';

/**
 * A button's action that calls the server for an address and goes there (checkout, demo pay or cancel, billing
 * portal). Busy from the click until the page changes, so a second click cannot start a second checkout; a
 * failure shows the server's message in the alert bar and frees the button again.
 */
export function useRedirectAction<A extends unknown[]>(
  call: (...args: A) => Promise<{ url: string }>,
  failure: string,
): { busy: boolean; run: (...args: A) => Promise<void> } {
  const goTo = useGoTo();
  const redirect = useServerMutation(
    async (args: A) => {
      const { url } = await call(...args);
      goTo(url);
    },
    {
      onError: (error) => {
        console.error(error);
        showAlert(errorMessage(error, failure));
      },
    },
  );
  const { run, reset, done } = redirect;

  // Back from Stripe restores this page from the browser's cache with the button still busy: free it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  return {
    // Busy from the click until the page changes: a write that succeeded stays busy while the page goes.
    busy: redirect.busy || done,
    run: useCallback(async (...args: A) => void (done || (await run(args))), [run, done]),
  };
}
