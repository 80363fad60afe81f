import type { LessonSummary } from '@turtle/shared/lesson';
import type { LessonProgressEntry } from '@turtle/shared/lesson-progress';

export interface LessonToResume {
  lesson: LessonSummary;
  /** Where to pick it up, in ms; 0 when it is a lesson not started yet. */
  positionMs: number;
}

/**
 * The lesson the home offers: the one last listened to and not finished, else the first ready lesson not completed;
 * none when every ready lesson is done.
 */
export function lessonToResume(lessons: LessonSummary[], progress: LessonProgressEntry[]): LessonToResume | null {
  const ready = lessons.filter((lesson) => lesson.ready);
  const byId = new Map(progress.map((entry) => [entry.lessonId, entry]));
  const started = progress
    .filter((entry) => !entry.completed && entry.positionMs > 0)
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((entry) => ({ lesson: ready.find((lesson) => lesson.id === entry.lessonId), positionMs: entry.positionMs }))
    .find((candidate) => candidate.lesson !== undefined);
  if (started?.lesson) return { lesson: started.lesson, positionMs: started.positionMs };
  const next = ready.find((lesson) => !byId.get(lesson.id)?.completed);
  return next ? { lesson: next, positionMs: 0 } : null;
}
