import { useEffect } from 'react';

/**
 * How long after the frame showing the component the work waits before looking for idle time: a frame callback runs
 * once the frame was drawn, but the browser shows it (and records its largest paint) a little later, and a download
 * started before that shares the network with what the screen needed to get there (decision 030).
 */
export const SETTLE_MS = 500;

/**
 * Runs `work` once the frame showing the component has been painted, then `SETTLE_MS` later when the page is idle
 * (within 2 s even if it never is), so it does not compete with the screen's first render, paint and reads. A frame
 * callback requested from inside another runs in the next frame, after the first one was painted. `work` should be
 * stable (a module function or a memoized one); `null` waits until it is given.
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
    const settle = () => {
      const timer = setTimeout(whenIdle, SETTLE_MS);
      cancel = () => clearTimeout(timer);
    };
    const afterPaint = () => {
      const frame = requestAnimationFrame(settle);
      cancel = () => cancelAnimationFrame(frame);
    };
    const frame = requestAnimationFrame(afterPaint);
    cancel = () => cancelAnimationFrame(frame);
    return () => cancel();
  }, [work]);
}
