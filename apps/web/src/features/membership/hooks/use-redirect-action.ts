import { useCallback, useEffect, useRef, useState } from 'react';
import { showAlert } from '../../../lib/alert-store';
import { errorMessage } from '../../../lib/error-message';
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
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  // Back from Stripe restores this page from the browser's cache with the button still busy: free it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busyRef.current = false;
      setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const run = useCallback(
    async (...args: A) => {
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        const { url } = await call(...args);
        goTo(url);
      } catch (error) {
        console.error(error);
        showAlert(errorMessage(error, failure));
        busyRef.current = false;
        setBusy(false);
      }
    },
    [call, failure, goTo],
  );
  return { busy, run };
}
