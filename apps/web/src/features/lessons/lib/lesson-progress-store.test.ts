// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { useLessonProgress } from './lesson-progress-store';

beforeEach(() => useLessonProgress.setState({ completed: {}, positions: {}, playbackRate: 1, ownerId: undefined }));

describe('the device copy of lesson progress', () => {
  it('takes the account’s progress whole, and names its owner', () => {
    useLessonProgress.getState().setCompleted('7', true);
    useLessonProgress.getState().adoptAccount('alice', [
      { lessonId: '1', positionMs: 0, completed: true, updatedAt: 1 },
      { lessonId: '2', positionMs: 42_000, completed: false, updatedAt: 2 },
    ]);
    const { completed, positions, ownerId } = useLessonProgress.getState();
    expect(ownerId).toBe('alice');
    expect(completed).toEqual({ '1': true });
    expect(positions).toEqual({ '1': 0, '2': 42_000 });
  });

  it('forgets an account’s marks but keeps the playback speed', () => {
    useLessonProgress.getState().setPlaybackRate(1.5);
    useLessonProgress
      .getState()
      .adoptAccount('alice', [{ lessonId: '1', positionMs: 5, completed: true, updatedAt: 1 }]);
    useLessonProgress.getState().forgetAccount();
    expect(useLessonProgress.getState()).toMatchObject({
      completed: {},
      positions: {},
      playbackRate: 1.5,
      ownerId: undefined,
    });
  });

  it('sets and clears one completed mark', () => {
    useLessonProgress.getState().setCompleted('3', true);
    expect(useLessonProgress.getState().completed).toEqual({ '3': true });
    useLessonProgress.getState().setCompleted('3', false);
    expect(useLessonProgress.getState().completed).toEqual({});
  });
});
