import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons.schemas';
import { OWN_LESSON_AUDIO_MAX_BYTES, OWN_LESSON_MESSAGES } from '@turtle/shared/own-lessons';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import { requireUser } from '../../../core/identity/sessions';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { sendRanged } from '../../../lib/send-ranged';
import { rateLimited, perUser } from '../../../plugins/rate-limit';
import { receiveAudio } from './lesson-audio';
import { findOwnLesson, insertUpload, takeStaleUploads } from './own-lessons.repository';

/** The audio of a lesson never changes under its address, and only its owner reads it. */
const CACHE = 'private, max-age=31536000, immutable';

const UPLOAD_RATE_LIMIT = { name: 'lesson-upload', max: 20, windowMs: 60 * 60_000, key: perUser };

/**
 * The audio of the learner's own lessons (docs/decisions/046-own-lessons.md): uploaded as the request body, streamed
 * to the file store (never held whole in memory) and probed; then served to its owner with ranges.
 */
export function ownLessonAudioRoutes(app: FastifyInstance, db: Db, store: FileStore): void {
  // This scope alone reads the body as a stream; everywhere else a file body is read as bytes (body-types.ts).
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/octet-stream');
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    const options = {
      user: requireUser,
      preHandler: rateLimited(scope, [UPLOAD_RATE_LIMIT]),
      onRequest: async (request: FastifyRequest) => {
        if (Number(request.headers['content-length'] ?? 0) > OWN_LESSON_AUDIO_MAX_BYTES) {
          throw new HttpError(413, 'payloadTooLarge', OWN_LESSON_MESSAGES.tooLarge);
        }
      },
    };
    route(scope, ownLessonEndpoints.upload, options, async ({ user }, request) => {
      const audio = await receiveAudio(request.body as Readable, store);
      const id = randomUUID();
      const audioKey = `lessons/${user.id}/${id}`;
      await store.keep(audioKey, audio.scratchPath).catch(async (error: unknown) => {
        await rm(audio.scratchPath, { force: true });
        throw error;
      });
      const now = Date.now();
      await insertUpload(db, {
        id,
        userId: user.id,
        audioKey,
        audioType: audio.type,
        audioBytes: audio.bytes,
        durationMs: audio.durationMs,
        createdAt: now,
      });
      await removeStaleUploads(db, store, now);
      return { uploadId: id, durationMs: audio.durationMs, contentType: audio.type };
    });
  });

  route(app, ownLessonEndpoints.audio, { user: requireUser }, async ({ user, params }, request, reply) => {
    const lesson = await findOwnLesson(db, user.id, params.id);
    if (!lesson) throw new HttpError(404, 'notFound', 'That audio file does not exist.');
    return sendRanged(request, reply, {
      size: lesson.audioBytes,
      etag: `"${lesson.id}"`,
      contentType: lesson.audioType,
      cacheControl: CACHE,
      noun: 'audio',
      read: async (range) => {
        const body = await store.read(lesson.audioKey, range);
        if (!body) throw new HttpError(404, 'notFound', 'That audio file does not exist.');
        return body;
      },
    });
  });
}

/** Uploads never made into a lesson go after an hour, rows first and then their files (docs/decisions/046-own-lessons.md). */
export async function removeStaleUploads(db: Db, store: FileStore, now: number): Promise<void> {
  for (const key of await takeStaleUploads(db, now)) await store.remove(key);
}
