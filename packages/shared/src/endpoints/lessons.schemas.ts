import { LessonChatBodySchema } from '../lesson';
import { MergeLessonProgressBodySchema, SaveLessonProgressBodySchema } from '../lesson-progress';
import { withInputSchemas } from './input-schemas';
import { lessonEndpoints as entries } from './lessons';
import { IdParamsSchema } from './path-params';

/** `./lessons.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const lessonEndpoints = withInputSchemas(entries, {
  get: { params: IdParamsSchema },
  saveProgress: { body: SaveLessonProgressBodySchema },
  mergeProgress: { body: MergeLessonProgressBodySchema },
  transcript: { params: IdParamsSchema },
  tutor: { body: LessonChatBodySchema },
});
