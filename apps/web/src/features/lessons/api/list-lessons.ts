import type { ListLessonsResponse } from '@turtle/shared/lesson';
import { api } from '../../../lib/api-client';

/** `GET /api/lessons`: the series and its lessons, without transcripts. */
export const listLessons = (signal?: AbortSignal): Promise<ListLessonsResponse> =>
  api.get<ListLessonsResponse>('/api/lessons', signal);
