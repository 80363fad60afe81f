import * as lesson from '../lesson';
import * as lessonProgress from '../lesson-progress';
import { withInputSchemas } from './input-schemas';
import { lessonEndpoints as entries } from './lessons';
import { IdParamsSchema } from './path-params';

/** `./lessons.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const lessonEndpoints = withInputSchemas(entries, {
  get: { params: IdParamsSchema },
  saveProgress: { body: lessonProgress.SaveLessonProgressBodySchema },
  mergeProgress: { body: lessonProgress.MergeLessonProgressBodySchema },
  transcript: { params: IdParamsSchema },
  tutor: { body: lesson.LessonChatBodySchema },
});
