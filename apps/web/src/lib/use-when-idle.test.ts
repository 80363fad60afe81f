// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhenIdle } from './use-when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useWhenIdle', () => {
  it('runs the work when the page is idle, at most 2 s after mounting, and not after unmounting', () => {
    const idle = new Map<number, () => void>();
    const requestIdle = vi.fn((callback: () => void) => {
      idle.set(idle.size + 1, callback);
      return idle.size;
    });
    vi.stubGlobal('requestIdleCallback', requestIdle);
    vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
    const work = vi.fn();

    const first = renderHook(() => useWhenIdle(work));
    expect(work).not.toHaveBeenCalled();
    expect(requestIdle).toHaveBeenCalledWith(work, { timeout: 2000 });
    idle.get(1)!();
    expect(work).toHaveBeenCalledTimes(1);
    first.unmount();

    renderHook(() => useWhenIdle(work)).unmount();
    expect(idle.has(2)).toBe(false);
  });

  it('falls back to a short timer where there is no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const work = vi.fn();
    renderHook(() => useWhenIdle(work));
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
