import { describe, expect, it } from 'vitest';
import type { LessonSummary } from '@turtle/shared/lesson';
import { lessonToResume } from './lesson-to-resume';

const lesson = (id: string, ready = true): LessonSummary => ({
  id,
  title: `Lesson ${id}`,
  duration: '3:37',
  ready,
  audioFile: ready ? `/a/${id}.ogg` : null,
  captionsFile: null,
});
const LESSONS = [lesson('1'), lesson('2'), lesson('3'), lesson('4', false)];
/** One lesson's position as the account answers it: no completed mark there (product.md §2). */
const position = (lessonId: string, positionMs: number, updatedAt: number) => ({ lessonId, positionMs, updatedAt });
/** This device's marks. */
const ticked = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, true]));

describe('lessonToResume', () => {
  it('offers the first lesson, from the start, to someone who has listened to nothing', () => {
    expect(lessonToResume(LESSONS, {}, [])).toEqual({ lesson: LESSONS[0], positionMs: 0 });
  });

  it('offers the lesson listened to last, at its place, over an older started one', () => {
    const positions = [position('1', 20_000, 100), position('3', 45_000, 200)];
    expect(lessonToResume(LESSONS, {}, positions)).toEqual({ lesson: LESSONS[2], positionMs: 45_000 });
  });

  it('skips the lessons ticked on this device, even one the account has a later position for', () => {
    const positions = [position('1', 20_000, 100), position('2', 90_000, 300)];
    expect(lessonToResume(LESSONS, ticked('2'), positions)).toEqual({ lesson: LESSONS[0], positionMs: 20_000 });
    expect(lessonToResume(LESSONS, ticked('1', '2'), positions)).toEqual({ lesson: LESSONS[2], positionMs: 0 });
  });

  it('offers a lesson ticked on another device: the marks are local, only positions come from the account', () => {
    // The account answers positions only; this device has ticked nothing.
    const positions = [position('1', 0, 100)];
    expect(lessonToResume(LESSONS, {}, positions)).toEqual({ lesson: LESSONS[0], positionMs: 0 });
  });

  it('does not offer to resume a lesson left at its very end: it starts the next one not ticked', () => {
    const positions = [position('2', 30_000, 100), position('1', 216_000, 200)];
    expect(lessonToResume(LESSONS, {}, positions)).toEqual({ lesson: LESSONS[1], positionMs: 30_000 });
  });

  it('offers nothing when every ready lesson is ticked here (lessons not ready never count)', () => {
    expect(lessonToResume(LESSONS, ticked('1', '2', '3'), [position('3', 60_000, 1)])).toBeNull();
  });
});
