import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Unsaved work is not lost (decision 008): while `dirty`, leaving for another screen (a link, Back, the browser's back
 * button) is held until the user answers the returned blocker, and closing or reloading the tab asks the browser's
 * own question. `allowLeave()` lets the next navigation through: a successful save calls it before moving on.
 */
export function useUnsavedChangesPrompt(dirty: boolean, { warnOnUnload = dirty }: { warnOnUnload?: boolean } = {}) {
  const leaving = useRef(false);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  // Closing or reloading the tab asks the browser's own question (`warnOnUnload`): the in-app dialog cannot show then.
  useEffect(() => {
    if (!warnOnUnload) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [warnOnUnload]);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  return { blocker, allowLeave };
}
