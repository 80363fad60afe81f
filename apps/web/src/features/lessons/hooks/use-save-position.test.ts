// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLessonProgress } from '../../../lib/lessons/lesson-progress-store';
import { useSavePosition } from './use-save-position';

/** An audio element as the browser has it: what it has loaded, and its clock. */
const audioAt = (readyState: number, currentTime: number) => ({
  current: { readyState, currentTime } as HTMLAudioElement,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}')),
  );
  useLessonProgress.setState({ marks: {}, positions: {}, ownerId: undefined });
});
afterEach(() => vi.unstubAllGlobals());

const saved = () => useLessonProgress.getState().positions['2'];

describe('useSavePosition', () => {
  it('keeps the exact spot a seek made before the audio loaded, not the position rounded for display', () => {
    // A sentence starting at 32,240 ms was clicked before the audio loaded: its clock holds the target, the slider 32,200.
    const audio = audioAt(0, 32.24);
    const { rerender } = renderHook(({ at }) => useSavePosition('2', audio, at, false), { initialProps: { at: 0 } });
    rerender({ at: 32_200 });
    expect(saved()).toBe(32_240);
  });

  it('keeps the shown position while the audio has neither loaded nor been moved', () => {
    const audio = audioAt(0, 0);
    const { rerender } = renderHook(({ at }) => useSavePosition('2', audio, at, false), { initialProps: { at: 0 } });
    rerender({ at: 12_000 });
    expect(saved()).toBe(12_000);
  });
});
