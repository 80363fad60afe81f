import type { LessonSummary } from '@turtle/shared/lesson';

/** product.md §2 "Lesson list": incomplete lessons first, completed ones after, each group in series order. */
export function orderLessons<T extends Pick<LessonSummary, 'id'>>(
  lessons: T[],
  completed: Record<string, boolean>,
): T[] {
  return [...lessons.filter((lesson) => !completed[lesson.id]), ...lessons.filter((lesson) => completed[lesson.id])];
}
