import * as ownLessons from '../own-lessons';
import { withInputSchemas } from './input-schemas';
import { ownLessonEndpoints as entries } from './own-lessons';
import { IdParamsSchema } from './path-params';

/** `./own-lessons.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const ownLessonEndpoints = withInputSchemas(entries, {
  create: { body: ownLessons.CreateOwnLessonBodySchema },
  createFromText: { body: ownLessons.CreateTextLessonBodySchema },
  createFromAudio: { body: ownLessons.CreateAudioLessonBodySchema },
  get: { params: IdParamsSchema },
  audio: { params: IdParamsSchema },
  rename: { body: ownLessons.RenameOwnLessonBodySchema },
  correctSentence: { body: ownLessons.CorrectSentenceBodySchema },
  delete: { body: ownLessons.DeleteOwnLessonBodySchema },
});
