import { queryOptions } from '@tanstack/react-query';
import type { ListLessonsResponse } from '@turtle/shared/lesson';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query/query-keys';

/** `GET /api/lessons`: the series and its lessons, without transcripts. */
export const listLessons = (signal?: AbortSignal): Promise<ListLessonsResponse> =>
  api.get<ListLessonsResponse>('/api/lessons', signal);

export const lessonsQuery = queryOptions({
  queryKey: queryKeys.lessons,
  queryFn: ({ signal }) => listLessons(signal),
});
