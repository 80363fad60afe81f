// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, useWhenIdle } from './use-when-idle';

/** Frame and idle callbacks the test runs by hand, in the order asked. */
let frames: (() => void)[] = [];
let idle: (() => void)[] = [];
let nextFrame = 0;
const runFrame = () => frames[nextFrame++]?.();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = [];
  idle = [];
  nextFrame = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => delete frames[id - 1]);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', (id: number) => delete idle[id - 1]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useWhenIdle', () => {
  it('runs the work when the page is idle after the frame showing the component was painted', () => {
    const work = vi.fn();
    renderHook(() => useWhenIdle(work));
    runFrame(); // The frame that paints the render.
    expect(idle).toEqual([]);
    runFrame(); // The next one: the first was painted.
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(idle).toEqual([]); // Not before the frame has had time to be shown.
    vi.advanceTimersByTime(1);
    expect(work).not.toHaveBeenCalled();
    idle[0]!();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does nothing once unmounted', () => {
    const work = vi.fn();
    const { unmount } = renderHook(() => useWhenIdle(work));
    runFrame();
    runFrame();
    unmount();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(idle.filter(Boolean)).toEqual([]);
  });

  it('falls back to a short timer where there is no idle callback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    renderHook(() => useWhenIdle(work));
    runFrame();
    runFrame();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
