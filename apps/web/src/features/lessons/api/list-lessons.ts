import { queryOptions } from '@tanstack/react-query';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons';
import type { ListLessonsResponse } from '@turtle/shared/lesson';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { LESSON_FRESH_MS } from './get-lesson';

/** `GET /api/lessons`: the series and its lessons, without transcripts (the learner's progress is read apart). */
export const listLessons = (signal?: AbortSignal): Promise<ListLessonsResponse> =>
  api.call(lessonEndpoints.list, { signal });

/**
 * Built content, like a lesson: fresh for a minute, so the player's "Up next", read beside the lesson, is not asked
 * again when the end card mounts.
 */
export const lessonsQuery = queryOptions({
  queryKey: queryKeys.lessons,
  queryFn: ({ signal }) => listLessons(signal),
  staleTime: LESSON_FRESH_MS,
});
