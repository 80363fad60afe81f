import { z } from './zod';
import { LESSON_IDS, LESSON_NOT_FOUND_MESSAGE, LESSON_POSITION_MAX_MS } from './lesson-helpers';

/** One lesson's place in the account (decision 021): where the learner is, and whether they finished it. */
export interface LessonProgressEntry {
  lessonId: string;
  positionMs: number;
  completed: boolean;
  updatedAt: number;
}

/** `GET /api/lessons/progress`, and the answer of every progress write: the whole account's progress. */
export interface LessonProgressResponse {
  progress: LessonProgressEntry[];
}

const LessonIdSchema = z
  .string({ error: 'Send the id of the lesson.' })
  .refine((id) => LESSON_IDS.includes(id), LESSON_NOT_FOUND_MESSAGE);

const PositionSchema = z
  .number({ error: 'A position must be a number of milliseconds.' })
  .int('A position must be a whole number of milliseconds.')
  .min(0, 'A position cannot be negative.')
  .max(LESSON_POSITION_MAX_MS, 'That position is past the end of every lesson.');

const CompletedSchema = z.boolean({ error: 'Completed must be true or false.' });

/** `POST /api/lessons/progress`: one lesson's position, its completed mark, or both. */
export const SaveLessonProgressBodySchema = z
  .object({ lessonId: LessonIdSchema, positionMs: PositionSchema.optional(), completed: CompletedSchema.optional() })
  .refine((body) => body.positionMs !== undefined || body.completed !== undefined, {
    message: 'Send a position, a completed mark, or both.',
  });
export type SaveLessonProgressBody = z.infer<typeof SaveLessonProgressBodySchema>;

/**
 * `POST /api/lessons/progress/merge`: what one device kept before the account did. A lesson done on either side
 * stays done; a position fills only a lesson the account has no position for.
 */
export const MergeLessonProgressBodySchema = z.object({
  lessons: z
    .array(z.object({ lessonId: LessonIdSchema, positionMs: PositionSchema, completed: CompletedSchema }), {
      error: 'Send the lessons as a list.',
    })
    .max(LESSON_IDS.length, `Send at most ${LESSON_IDS.length} lessons.`),
});
export type MergeLessonProgressBody = z.infer<typeof MergeLessonProgressBodySchema>;
