import { queryOptions } from '@tanstack/react-query';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons';
import type { Lesson } from '@turtle/shared/lesson';
import { isSeriesLesson } from '@turtle/shared/lesson-helpers';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';

/**
 * `GET /api/lessons/{id}`, or `/api/lessons/mine/{id}` for a learner's own (docs/decisions/046-own-lessons.md): one
 * lesson with its transcript; an unknown id rejects with a 404 `ApiError`.
 */
export const getLesson = async (id: string, signal?: AbortSignal): Promise<Lesson> =>
  (await api.call(isSeriesLesson(id) ? lessonEndpoints.get : ownLessonEndpoints.get, { params: { id }, signal }))
    .lesson;

/**
 * How long a lesson read counts as fresh: a lesson is built content that changes only with a release, so the player
 * opening within a minute of a prefetch (a hover on its card, or the route's prefetch at start-up) asks nothing more,
 * and hovering the card again asks nothing either.
 */
export const LESSON_FRESH_MS = 60_000;

export const lessonQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.lesson(id),
    queryFn: ({ signal }) => getLesson(id, signal),
    staleTime: LESSON_FRESH_MS,
  });

/** A lesson's card was pointed at or focused: its transcript loads before the click. */
export const prefetchLesson = (id: string) => void queryClient.prefetchQuery(lessonQuery(id));
