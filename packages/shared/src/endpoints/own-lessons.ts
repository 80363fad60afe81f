import type { GetLessonResponse } from '../lesson';
import type {
  CorrectSentenceBodySchema,
  CreateAudioLessonBodySchema,
  CreateOwnLessonBodySchema,
  CreateTextLessonBodySchema,
  DeleteOwnLessonBodySchema,
  OwnLessonSummary,
  OwnLessonUpload,
  OwnLessonsResponse,
  RenameOwnLessonBodySchema,
} from '../own-lessons';
import { endpointTable, get, post, type FileUpload } from './endpoint';
import type { IdParamsSchema } from './path-params';

/** docs/api.md "Your own lessons" (docs/decisions/046-own-lessons.md): made, listed, played and kept by their owner. */
export const ownLessonEndpoints = endpointTable<OwnLessonShapes>()({
  list: get('/api/lessons/mine'),
  /** The audio file's bytes, kept for an hour until a lesson is made of it. */
  upload: post('/api/lessons/mine/audio', { encoding: 'binary' }),
  create: post('/api/lessons/mine', { encoding: 'json' }),
  /** A text to voice: the lesson is made in the background, its card showing the progress (decision 049). */
  createFromText: post('/api/lessons/mine/text', { encoding: 'json' }),
  /** An uploaded audio file alone: transcribed in the background by the speech-to-text service (decision 051). */
  createFromAudio: post('/api/lessons/mine/transcribe', { encoding: 'json' }),
  get: get('/api/lessons/mine/:id'),
  /** The audio, with ranges, for its owner only. */
  audio: get('/api/lessons/mine/:id/audio', { kind: 'file' }),
  rename: post('/api/lessons/mine/rename', { encoding: 'json' }),
  /** One transcript sentence corrected: its text, its start, or both. */
  correctSentence: post('/api/lessons/mine/sentence', { encoding: 'json' }),
  delete: post('/api/lessons/mine/delete', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type OwnLessonShapes = {
  list: { response: OwnLessonsResponse };
  upload: { body: FileUpload; response: OwnLessonUpload };
  create: { body: typeof CreateOwnLessonBodySchema; response: { lesson: OwnLessonSummary } };
  createFromText: { body: typeof CreateTextLessonBodySchema; response: { lesson: OwnLessonSummary } };
  createFromAudio: { body: typeof CreateAudioLessonBodySchema; response: { lesson: OwnLessonSummary } };
  get: { params: typeof IdParamsSchema; response: GetLessonResponse };
  audio: { params: typeof IdParamsSchema };
  rename: { body: typeof RenameOwnLessonBodySchema; response: { lesson: OwnLessonSummary } };
  correctSentence: { body: typeof CorrectSentenceBodySchema; response: GetLessonResponse };
  delete: { body: typeof DeleteOwnLessonBodySchema; response: { ok: true } };
};
