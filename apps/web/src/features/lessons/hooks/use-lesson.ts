import type { Lesson } from '@turtle/shared/lesson';
import { lessonQuery } from '../api/get-lesson';
import { isNotFound } from '../../../lib/error-message';
import { toLoadState } from '../../../lib/query/load-state';
import { useServerQuery } from '../../../lib/query/use-server-query';

export type LessonState =
  | { status: 'loading' }
  | { status: 'ready'; lesson: Lesson }
  | { status: 'notFound' }
  | { status: 'failed'; message: string; retry: () => void };

/** One lesson with its transcript (`GET /api/lessons/{id}`); an unknown id is "not found" (product.md §2). */
export function useLesson(id: string): LessonState {
  const state = toLoadState(useServerQuery(lessonQuery(id)));
  if (state.status === 'ready') return { status: 'ready', lesson: state.data };
  if (state.status === 'failed' && isNotFound(state.error)) return { status: 'notFound' };
  return state;
}
