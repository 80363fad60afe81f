import type { GetLessonResponse, LessonChatBodySchema, LessonChatResponse, ListLessonsResponse } from '../lesson';
import type {
  LessonProgressResponse,
  MergeLessonProgressBodySchema,
  SaveLessonProgressBodySchema,
} from '../lesson-progress';
import { defineEndpoints, shapes } from './endpoint';
import type { IdParamsSchema } from './path-params';

/** docs/api.md "Lessons". The audio (`/media/lessons/:file`) is outside `/api`. */
export const lessonEndpoints = defineEndpoints({
  list: { method: 'GET', path: '/api/lessons', shapes: shapes<{ response: ListLessonsResponse }>() },
  get: {
    method: 'GET',
    path: '/api/lessons/:id',
    shapes: shapes<{ params: typeof IdParamsSchema; response: GetLessonResponse }>(),
  },
  progress: { method: 'GET', path: '/api/lessons/progress', shapes: shapes<{ response: LessonProgressResponse }>() },
  saveProgress: {
    method: 'POST',
    path: '/api/lessons/progress',
    encoding: 'json',
    shapes: shapes<{ body: typeof SaveLessonProgressBodySchema; response: LessonProgressResponse }>(),
  },
  mergeProgress: {
    method: 'POST',
    path: '/api/lessons/progress/merge',
    encoding: 'json',
    shapes: shapes<{ body: typeof MergeLessonProgressBodySchema; response: LessonProgressResponse }>(),
  },
  /** WebVTT captions (`text/vtt`). */
  transcript: {
    method: 'GET',
    path: '/api/lessons/:id/transcript.vtt',
    kind: 'file',
    shapes: shapes<{ params: typeof IdParamsSchema }>(),
  },
  /** The tutor: the chat's event stream with `Accept: text/event-stream`, else `{reply}` once it is whole. */
  tutor: {
    method: 'POST',
    path: '/api/lesson/chat',
    encoding: 'json',
    kind: 'stream',
    shapes: shapes<{ body: typeof LessonChatBodySchema; response: LessonChatResponse }>(),
  },
});
