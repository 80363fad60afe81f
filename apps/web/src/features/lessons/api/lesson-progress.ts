import type {
  LessonProgressEntry,
  LessonProgressResponse,
  MergeLessonProgressBody,
  SaveLessonProgressBody,
} from '@turtle/shared/lesson-progress';
import { api } from '../../../lib/api-client';
import { LESSON_PROGRESS_PATH } from './lesson-paths';

/** `GET /api/lessons/progress`: the account's progress. */
export const getLessonProgress = async (signal?: AbortSignal): Promise<LessonProgressEntry[]> =>
  (await api.get<LessonProgressResponse>(LESSON_PROGRESS_PATH, signal)).progress;

/** `POST /api/lessons/progress`: one lesson's position and/or completed mark. */
export const saveLessonProgress = async (body: SaveLessonProgressBody): Promise<LessonProgressEntry[]> =>
  (await api.postJson<LessonProgressResponse>(LESSON_PROGRESS_PATH, body)).progress;

/** `POST /api/lessons/progress/merge`: this device's copy, made before the account kept it. */
export const mergeLessonProgress = async (body: MergeLessonProgressBody): Promise<LessonProgressEntry[]> =>
  (await api.postJson<LessonProgressResponse>('/api/lessons/progress/merge', body)).progress;
