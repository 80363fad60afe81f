import { queryOptions } from '@tanstack/react-query';
import type { GetLessonResponse, Lesson } from '@turtle/shared/lesson';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';

/** `GET /api/lessons/{id}`: one lesson with its transcript; an unknown id rejects with a 404 `ApiError`. */
export const getLesson = async (id: string, signal?: AbortSignal): Promise<Lesson> =>
  (await api.get<GetLessonResponse>(`/api/lessons/${encodeURIComponent(id)}`, signal)).lesson;

export const lessonQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.lesson(id), queryFn: ({ signal }) => getLesson(id, signal) });

/** How long a prefetched lesson counts as fresh: hovering the card again within it asks nothing. */
const PREFETCH_FRESH_MS = 60_000;

/** A lesson's card was pointed at or focused: its transcript loads before the click. */
export const prefetchLesson = (id: string) =>
  void queryClient.prefetchQuery({ ...lessonQuery(id), staleTime: PREFETCH_FRESH_MS });
