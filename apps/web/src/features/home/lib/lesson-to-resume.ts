import type { LessonSummary } from '@turtle/shared/lesson';
import { parseDuration } from '@turtle/shared/lesson-helpers';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';

export interface LessonToResume {
  lesson: LessonSummary;
  /** Where to pick it up, in ms; 0 when it is a lesson not started yet. */
  positionMs: number;
}

/** A lesson left this close to its end was listened to the end (the player starts it over too). */
const NEAR_THE_END_MS = 3_000;

/**
 * The lesson the home offers: the one last listened to and not finished, else the first ready lesson not completed;
 * none when every ready lesson is done. `completed` is this device's marks (product.md §2: local only), `positions` the
 * account's (decision 021), so a lesson ticked on another device still counts as not done here.
 */
export function lessonToResume(
  lessons: LessonSummary[],
  completed: Readonly<Record<string, boolean>>,
  positions: LessonProgressEntry[],
): LessonToResume | null {
  const ready = lessons.filter((lesson) => lesson.ready && !completed[lesson.id]);
  const started = [...positions]
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((entry) => ({ lesson: ready.find((lesson) => lesson.id === entry.lessonId), positionMs: entry.positionMs }))
    .find(
      ({ lesson, positionMs }) =>
        lesson !== undefined && positionMs > 0 && positionMs < parseDuration(lesson.duration) - NEAR_THE_END_MS,
    );
  if (started?.lesson) return { lesson: started.lesson, positionMs: started.positionMs };
  const next = ready[0];
  return next ? { lesson: next, positionMs: 0 } : null;
}
