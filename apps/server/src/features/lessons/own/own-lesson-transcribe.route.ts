import type { FastifyInstance } from 'fastify';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons.schemas';
import { OWN_LESSON_MESSAGES } from '@turtle/shared/own-lessons';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import { lockUser } from '../../../core/identity/users.repository';
import { requireUser } from '../../../core/identity/sessions';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { allowanceWithJobs } from './own-lesson-allowance';
import { insertJob } from './own-lesson-jobs.repository';
import { ownLessonJobSummary } from './own-lesson-job-view';
import { checkFits } from './own-lesson-limits';
import { takeUpload } from './own-lessons.repository';
import { TRANSCRIPTION_ENGINE } from './transcribing/transcription-job';

/**
 * A lesson from audio alone (docs/decisions/051-transcribing-own-lessons.md): refused (409) without a speech-to-text
 * service; otherwise, the person's row locked, the upload is taken, the plan checked with the audio's length, and a
 * job queued that the background worker transcribes. Answers the lesson's card at once. A refusal leaves the upload
 * for another try.
 */
export function transcribeLessonRoute(
  app: FastifyInstance,
  db: Db,
  store: FileStore,
  configured: boolean,
  kick: () => void,
) {
  route(app, ownLessonEndpoints.createFromAudio, { user: requireUser }, async ({ user, body }) => {
    if (!configured) throw new HttpError(409, 'conflict', OWN_LESSON_MESSAGES.noTranscription);
    const now = Date.now();
    const job = await db.transaction(async (tx) => {
      const person = (await lockUser(tx, user.id)) ?? user;
      const upload = await takeUpload(tx, user.id, body.uploadId, now);
      if (!upload) throw new HttpError(404, 'notFound', OWN_LESSON_MESSAGES.uploadGone);
      checkFits(await allowanceWithJobs(tx, person), upload.durationMs);
      const row = {
        id: upload.id,
        userId: user.id,
        title: body.title,
        state: 'queued' as const,
        engine: TRANSCRIPTION_ENGINE,
        storeId: store.id,
        sentences: [],
        pieces: [],
        sampleRate: null,
        estimateMs: upload.durationMs,
        error: null,
        audio: {
          key: upload.audioKey,
          type: upload.audioType,
          bytes: upload.audioBytes,
          durationMs: upload.durationMs,
        },
        cues: [],
        leaseOwner: null,
        leaseUntil: null,
        createdAt: now,
        updatedAt: now,
      };
      await insertJob(tx, row);
      return row;
    });
    kick();
    return { lesson: ownLessonJobSummary(job) };
  });
}
