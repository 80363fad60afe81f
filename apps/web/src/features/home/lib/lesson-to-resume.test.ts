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
const entry = (lessonId: string, positionMs: number, completed: boolean, updatedAt: number) => ({
  lessonId,
  positionMs,
  completed,
  updatedAt,
});

describe('lessonToResume', () => {
  it('offers the first lesson, from the start, to someone who has listened to nothing', () => {
    expect(lessonToResume(LESSONS, [])).toEqual({ lesson: LESSONS[0], positionMs: 0 });
  });

  it('offers the lesson listened to last, at its place, over an older started one', () => {
    const progress = [entry('1', 20_000, false, 100), entry('3', 45_000, false, 200)];
    expect(lessonToResume(LESSONS, progress)).toEqual({ lesson: LESSONS[2], positionMs: 45_000 });
  });

  it('skips completed lessons and offers the next ready one', () => {
    const progress = [entry('1', 0, true, 100), entry('2', 90_000, true, 300)];
    expect(lessonToResume(LESSONS, progress)).toEqual({ lesson: LESSONS[2], positionMs: 0 });
  });

  it('offers nothing when every ready lesson is done (lessons not ready never count)', () => {
    const progress = ['1', '2', '3'].map((id) => entry(id, 0, true, 1));
    expect(lessonToResume(LESSONS, progress)).toBeNull();
  });
});
