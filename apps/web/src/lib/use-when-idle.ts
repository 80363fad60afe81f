import { useEffect } from 'react';

/**
 * Runs `work` once the frame showing the component has been painted and the page is then idle (within 2 s even if it
 * never is), so it does not compete with the screen's first render, paint and reads. A frame callback requested from
 * inside another runs in the next frame, after the first one was painted. `work` should be stable (a module function
 * or a memoized one); `null` waits until it is given.
 */
export function useWhenIdle(work: (() => void) | null): void {
  useEffect(() => {
    if (!work) return;
    let cancel: () => void;
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(work, { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const timer = setTimeout(work, 200);
        cancel = () => clearTimeout(timer);
      }
    };
    const afterPaint = () => {
      const frame = requestAnimationFrame(whenIdle);
      cancel = () => cancelAnimationFrame(frame);
    };
    const frame = requestAnimationFrame(afterPaint);
    cancel = () => cancelAnimationFrame(frame);
    return () => cancel();
  }, [work]);
}
