import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons.schemas';
import type { LessonSummary } from '@turtle/shared/lesson';
import type { AssistantServices } from '../../core/assistant/assistant-reply';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { parseRange } from '../../lib/byte-range';
import { lessonChatRoute } from './lesson-chat.route';
import { indexLessonsWhenReady } from './lesson-index';
import { lessonProgressRoutes } from './lesson-progress.routes';
import {
  AUDIO_URL_PREFIX,
  defaultLessonsDir,
  lessonNotFound,
  loadLessonCatalog,
  type LessonAudio,
} from '../../core/lessons/lesson-catalog';
import { toWebVtt } from './webvtt';
import type { FileStore } from '../../core/storage/file-store';
import type { SpeechConfig } from '../../config/speech-config';
import { registerOwnLessons } from './own/own-lessons-feature';

export interface LessonsOptions {
  /** The tutor's: the chat's assistant path. */
  services: AssistantServices;
  /** Where the scripts, audio and transcripts are; the repository's `content/lessons` by default. */
  dir?: string;
  /** Where each person's progress is kept. */
  db: Db;
  /** Where the audio of the learners' own lessons is kept. */
  files: FileStore;
  /** How own lessons from a text are voiced (docs/decisions/049-voicing-own-lessons.md); the embedded voice unset. */
  speech?: SpeechConfig;
}

/** The audio's URL names its content, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The lessons (rules.md "Lessons"), read once at start: the list, one lesson with its transcript, the transcript as
 * WebVTT, the audio with range requests (outside /api, which is never cached), and the tutor.
 */
export async function lessonsRoutes(app: FastifyInstance, options: LessonsOptions): Promise<void> {
  const catalog = await loadLessonCatalog(options.dir ?? defaultLessonsDir(), app.log);

  route(app, lessonEndpoints.list, {}, async () => ({
    series: catalog.series,
    lessons: catalog.lessons.map(({ lesson: { transcript: _transcript, ...summary } }): LessonSummary => summary),
  }));

  // `/api/lessons/progress` is a static path: the router prefers it to `/api/lessons/:id`.
  lessonProgressRoutes(app, options.db);

  route(app, lessonEndpoints.get, {}, async ({ params }) => {
    const entry = catalog.get(params.id);
    if (!entry) throw lessonNotFound();
    return { lesson: entry.lesson };
  });

  route(app, lessonEndpoints.transcript, {}, async ({ params }, _request, reply) => {
    const entry = catalog.get(params.id);
    if (!entry) throw lessonNotFound();
    if (!entry.lesson.ready) throw new HttpError(404, 'notFound', 'This lesson has no transcript yet.');
    return reply
      .type('text/vtt; charset=utf-8')
      .header('content-disposition', `inline; filename="lesson-${entry.lesson.id}.vtt"`)
      .send(toWebVtt(entry.lesson.transcript, entry.durationMs));
  });

  app.get<{ Params: { file: string } }>(`${AUDIO_URL_PREFIX}:file`, async (request, reply) => {
    const audio = catalog.audio(request.params.file);
    if (!audio) throw new HttpError(404, 'notFound', 'That audio file does not exist.');
    return sendAudio(request, reply, audio);
  });

  lessonChatRoute(app, catalog, options.services);
  registerOwnLessons(app, options.db, options.files, options.speech);
  indexLessonsWhenReady(app, options.db, catalog);
}

/** RFC 9110 range requests (seeking needs them) over the audio held in memory, with its ETag. */
function sendAudio(request: FastifyRequest, reply: FastifyReply, audio: LessonAudio) {
  const size = audio.data.length;
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', IMMUTABLE)
    .header('etag', audio.etag)
    .type(audio.contentType);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === audio.etag)) {
    return reply.code(304).send();
  }
  const ifRange = request.headers['if-range'];
  // A range for another version of the file gets the whole (current) file.
  const range = ifRange === undefined || ifRange === audio.etag ? parseRange(request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new HttpError(416, 'badRequest', 'That byte range starts past the end of the audio.');
  }
  if (!range) return reply.header('content-length', size).send(audio.data);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(audio.data.subarray(range.start, range.end + 1));
}
