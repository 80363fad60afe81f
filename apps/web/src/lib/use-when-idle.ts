import { useEffect } from 'react';

/**
 * Runs `work` once the page is idle after the component mounts (within 2 s even if it never is), so it does not
 * compete with the screen's first render and reads. `work` should be stable (a module function or a memoized one).
 */
export function useWhenIdle(work: () => void): void {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(work, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(work, 200);
    return () => clearTimeout(timer);
  }, [work]);
}
