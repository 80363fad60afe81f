import type { ListLessonsResponse } from '@turtle/shared/lesson';
import { toLoadState, type LoadState } from '../../../lib/query/load-state';
import { lessonsQuery } from '../api/list-lessons';
import { useServerQuery } from '../../../lib/query/use-server-query';

export type LessonsState = LoadState<ListLessonsResponse>;

/** The series and its lessons from `GET /api/lessons`. */
export function useLessons(): LessonsState {
  return toLoadState(useServerQuery(lessonsQuery));
}
