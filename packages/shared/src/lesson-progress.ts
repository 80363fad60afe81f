import { z } from './zod';
import {
  isLessonId,
  isSeriesLesson,
  LESSON_IDS,
  LESSON_NOT_FOUND_MESSAGE,
  LESSON_POSITION_MAX_MS,
  OWN_LESSON_POSITION_MAX_MS,
} from './lesson-helpers';

/**
 * One lesson's place in the account (decision 021): where the learner left it. No completed mark: product.md §2 keeps it
 * "local only, not sent anywhere", so it stays on the device (decision 021).
 */
export interface LessonProgressEntry {
  lessonId: string;
  positionMs: number;
  updatedAt: number;
}

/** `GET /api/lessons/progress`, and the answer of every progress write: the whole account's positions. */
export interface LessonProgressResponse {
  progress: LessonProgressEntry[];
}

const LessonIdSchema = z
  .string({ error: 'Send the id of the lesson.' })
  .refine((id) => LESSON_IDS.includes(id), LESSON_NOT_FOUND_MESSAGE);

/** A learner's own lesson too (docs/decisions/046-own-lessons.md): whose it is, the server checks. */
const AnyLessonIdSchema = z
  .string({ error: 'Send the id of the lesson.' })
  .refine(isLessonId, LESSON_NOT_FOUND_MESSAGE);

const PAST_THE_END = 'That position is past the end of every lesson.';

const positionUpTo = (maxMs: number) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? 'Send a position.' : 'A position must be a number of milliseconds.',
    })
    .int('A position must be a whole number of milliseconds.')
    .min(0, 'A position cannot be negative.')
    .max(maxMs, PAST_THE_END);
const PositionSchema = positionUpTo(LESSON_POSITION_MAX_MS);

export const COMPLETED_MARK_REFUSED_MESSAGE = 'A completed mark stays on the device: the account keeps positions only.';

/**
 * product.md §2 "Lesson list": the completed mark is "local only, not sent anywhere". A body that carries one anyway is
 * refused, not quietly stripped, so a client that still sends it learns it at once.
 */
const NoCompletedMark = z.never({ error: COMPLETED_MARK_REFUSED_MESSAGE }).optional();

/** `POST /api/lessons/progress`: one lesson's position (a series lesson's within an hour, an own one's a day). */
export const SaveLessonProgressBodySchema = z
  .object({
    lessonId: AnyLessonIdSchema,
    positionMs: positionUpTo(OWN_LESSON_POSITION_MAX_MS),
    completed: NoCompletedMark,
  })
  .refine((body) => !isSeriesLesson(body.lessonId) || body.positionMs <= LESSON_POSITION_MAX_MS, {
    message: PAST_THE_END,
    path: ['positionMs'],
  });
export type SaveLessonProgressBody = z.infer<typeof SaveLessonProgressBodySchema>;

/**
 * `POST /api/lessons/progress/merge`: the positions one device kept before the account did. A position fills only a
 * lesson the account has no position for.
 */
export const MergeLessonProgressBodySchema = z.object({
  lessons: z
    .array(z.object({ lessonId: LessonIdSchema, positionMs: PositionSchema, completed: NoCompletedMark }), {
      error: 'Send the lessons as a list.',
    })
    .max(LESSON_IDS.length, `Send at most ${LESSON_IDS.length} lessons.`),
});
export type MergeLessonProgressBody = z.infer<typeof MergeLessonProgressBodySchema>;
