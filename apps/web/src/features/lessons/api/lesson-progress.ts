import type {
  LessonProgressEntry,
  LessonProgressResponse,
  MergeLessonProgressBody,
  SaveLessonProgressBody,
} from '@turtle/shared/lesson-progress';
import { api } from '../../../lib/api-client';
import { LESSON_PROGRESS_PATH } from './lesson-paths';

/** `GET /api/lessons/progress`: the account's positions (completed marks stay on the device). */
export const getLessonProgress = async (signal?: AbortSignal): Promise<LessonProgressEntry[]> =>
  (await api.get<LessonProgressResponse>(LESSON_PROGRESS_PATH, signal)).progress;

/** `POST /api/lessons/progress`: one lesson's position. */
export const saveLessonProgress = async (body: SaveLessonProgressBody): Promise<LessonProgressEntry[]> =>
  (await api.postJson<LessonProgressResponse>(LESSON_PROGRESS_PATH, body)).progress;

/** `POST /api/lessons/progress/merge`: this device's positions, kept before the account kept them. */
export const mergeLessonProgress = async (body: MergeLessonProgressBody): Promise<LessonProgressEntry[]> =>
  (await api.postJson<LessonProgressResponse>('/api/lessons/progress/merge', body)).progress;
