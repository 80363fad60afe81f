import type { GetLessonResponse, Lesson } from '@turtle/shared/lesson';
import { api } from '../../../lib/api-client';

/** `GET /api/lessons/{id}`: one lesson with its transcript; an unknown id rejects with a 404 `ApiError`. */
export const getLesson = async (id: string, signal?: AbortSignal): Promise<Lesson> =>
  (await api.get<GetLessonResponse>(`/api/lessons/${encodeURIComponent(id)}`, signal)).lesson;
