import { lessonEndpoints } from '@turtle/shared/endpoints/lessons';
import type {
  LessonProgressEntry,
  MergeLessonProgressBody,
  SaveLessonProgressBody,
} from '@turtle/shared/lesson-progress';
import { api } from '../../../lib/api-client';

/** `GET /api/lessons/progress`: the account's positions (completed marks stay on the device). */
export const getLessonProgress = async (signal?: AbortSignal): Promise<LessonProgressEntry[]> =>
  (await api.call(lessonEndpoints.progress, { signal })).progress;

/** `POST /api/lessons/progress`: one lesson's position. */
export const saveLessonProgress = async (body: SaveLessonProgressBody): Promise<LessonProgressEntry[]> =>
  (await api.call(lessonEndpoints.saveProgress, { body })).progress;

/** `POST /api/lessons/progress/merge`: this device's positions, kept before the account kept them. */
export const mergeLessonProgress = async (body: MergeLessonProgressBody): Promise<LessonProgressEntry[]> =>
  (await api.call(lessonEndpoints.mergeProgress, { body })).progress;
