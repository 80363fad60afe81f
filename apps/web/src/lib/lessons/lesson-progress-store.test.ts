// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_USER, useTurtleStore } from '../turtle-store';
import { setLessonCompleted, useLessonMarks, useLessonProgress } from './lesson-progress-store';

const signIn = (id: string) => useTurtleStore.setState({ user: { ...EMPTY_USER, id, name: id } });
const signOut = () => useTurtleStore.setState({ user: EMPTY_USER });
const marksOf = (owner: string) => useLessonProgress.getState().marks[owner] ?? {};

beforeEach(() => {
  localStorage.clear();
  signOut();
  useLessonProgress.setState({ marks: {}, positions: {}, playbackRate: 1, ownerId: undefined });
});

describe('the device copy of lesson progress', () => {
  it('takes the account’s positions whole and names its owner, and keeps the device’s marks', () => {
    signIn('alice');
    setLessonCompleted('7', true);
    useLessonProgress.getState().adoptAccount('alice', [
      { lessonId: '1', positionMs: 0, updatedAt: 1 },
      { lessonId: '2', positionMs: 42_000, updatedAt: 2 },
    ]);
    const { positions, ownerId } = useLessonProgress.getState();
    expect(ownerId).toBe('alice');
    expect(positions).toEqual({ '1': 0, '2': 42_000 });
    expect(marksOf('alice')).toEqual({ '7': true });
  });

  it('forgets an account’s positions on sign-out but keeps the playback speed and that person’s marks', () => {
    signIn('alice');
    setLessonCompleted('1', true);
    useLessonProgress.getState().setPlaybackRate(1.5);
    useLessonProgress.getState().adoptAccount('alice', [{ lessonId: '1', positionMs: 5, updatedAt: 1 }]);
    useLessonProgress.getState().forgetAccount();
    expect(useLessonProgress.getState()).toMatchObject({ positions: {}, playbackRate: 1.5, ownerId: undefined });
    expect(marksOf('alice')).toEqual({ '1': true });
  });

  it('sets and clears one completed mark, for whoever uses the device, in localStorage', () => {
    signIn('alice');
    setLessonCompleted('3', true);
    expect(marksOf('alice')).toEqual({ '3': true });
    expect(JSON.parse(localStorage.getItem('turtle-lessons')!).state.marks).toEqual({ alice: { '3': true } });
    setLessonCompleted('3', false);
    expect(marksOf('alice')).toEqual({});
  });

  it('never sends a mark anywhere', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    signIn('alice');
    setLessonCompleted('2', true);
    setLessonCompleted('2', false);
    signOut();
    setLessonCompleted('3', true);
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

describe('useLessonMarks', () => {
  it('shows each person on a shared device their own marks only, and the signed-out ones when nobody is in', () => {
    signIn('alice');
    setLessonCompleted('1', true);
    signIn('bob');
    const { result } = renderHook(() => useLessonMarks());
    expect(result.current).toEqual({});
    act(() => setLessonCompleted('2', true));
    expect(result.current).toEqual({ '2': true });
    act(() => signIn('alice'));
    expect(result.current).toEqual({ '1': true });
    act(() => signOut());
    expect(result.current).toEqual({});
  });

  it('gives the marks made signed out to the first person who signs in here, once', () => {
    setLessonCompleted('3', true);
    const { result } = renderHook(() => useLessonMarks());
    expect(result.current).toEqual({ '3': true });
    act(() => signIn('alice'));
    expect(result.current).toEqual({ '3': true });
    expect(useLessonProgress.getState().marks).toEqual({ alice: { '3': true } });
    act(() => signIn('bob'));
    expect(result.current).toEqual({});
  });
});

describe('the stored copy of version 0', () => {
  /** Rehydrates the store from what an older build left in localStorage. */
  async function loadStored(state: unknown) {
    localStorage.setItem('turtle-lessons', JSON.stringify({ state, version: 0 }));
    await useLessonProgress.persist.rehydrate();
    return useLessonProgress.getState();
  }

  it('keeps the account’s mirrored marks as that person’s marks on this device, with the rest', async () => {
    const state = await loadStored({
      completed: { '1': true, '2': false },
      positions: { '3': 9_000 },
      playbackRate: 1.25,
      ownerId: 'alice',
    });
    expect(state).toMatchObject({
      marks: { alice: { '1': true } },
      positions: { '3': 9_000 },
      playbackRate: 1.25,
      ownerId: 'alice',
    });
    expect(state).not.toHaveProperty('completed');
  });

  it('keeps the marks made signed out as the signed-out ones', async () => {
    const state = await loadStored({ completed: { '3': true }, positions: {}, playbackRate: 1 });
    expect(state.marks).toEqual({ '': { '3': true } });
  });
});
