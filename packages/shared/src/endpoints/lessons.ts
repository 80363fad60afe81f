import type { GetLessonResponse, LessonChatBodySchema, LessonChatResponse, ListLessonsResponse } from '../lesson';
import type {
  LessonProgressResponse,
  MergeLessonProgressBodySchema,
  SaveLessonProgressBodySchema,
} from '../lesson-progress';
import { endpointTable, get, post } from './endpoint';
import type { IdParamsSchema } from './path-params';

/** docs/api.md "Lessons". The audio (`/media/lessons/:file`) is outside `/api`. */
export const lessonEndpoints = endpointTable<LessonShapes>()({
  list: get('/api/lessons'),
  get: get('/api/lessons/:id'),
  progress: get('/api/lessons/progress'),
  saveProgress: post('/api/lessons/progress', { encoding: 'json' }),
  mergeProgress: post('/api/lessons/progress/merge', { encoding: 'json' }),
  /** WebVTT captions (`text/vtt`). */
  transcript: get('/api/lessons/:id/transcript.vtt', { kind: 'file' }),
  /** The tutor: the chat's event stream with `Accept: text/event-stream`, else `{reply}` once it is whole. */
  tutor: post('/api/lesson/chat', { encoding: 'json', kind: 'stream' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type LessonShapes = {
  list: { response: ListLessonsResponse };
  get: { params: typeof IdParamsSchema; response: GetLessonResponse };
  progress: { response: LessonProgressResponse };
  saveProgress: { body: typeof SaveLessonProgressBodySchema; response: LessonProgressResponse };
  mergeProgress: { body: typeof MergeLessonProgressBodySchema; response: LessonProgressResponse };
  transcript: { params: typeof IdParamsSchema };
  tutor: { body: typeof LessonChatBodySchema; response: LessonChatResponse };
};
