import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons.schemas';
import { OWN_LESSON_MESSAGES } from '@turtle/shared/own-lessons';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import { lockUser } from '../../../core/identity/users.repository';
import { requireUser } from '../../../core/identity/sessions';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { CaptionError, parseCaptions } from './captions';
import { cuesToTranscript } from './cue-sentences';
import { ownLessonSummary, ownLessonView } from './own-lesson-view';
import { indexOwnLesson } from './own-lesson-index';
import { retitleSource } from '../../../core/knowledge/timed-passages';
import { correctSentenceRoute } from './own-lesson-sentence.route';
import { checkFits, checkTranscriptFits } from './own-lesson-limits';
import { allowanceWithJobs } from './own-lesson-allowance';
import { cancelJob, deleteJobOf, listShownJobs } from './own-lesson-jobs.repository';
import { ownLessonJobSummary } from './own-lesson-job-view';
import { removePieces } from './own-lesson-runner';
import {
  deleteOwnLesson,
  findOwnLesson,
  insertOwnLesson,
  listOwnLessons,
  renameOwnLesson,
  takeUpload,
} from './own-lessons.repository';

const notFound = () => new HttpError(404, 'notFound', OWN_LESSON_MESSAGES.notFound);

const summary = ownLessonSummary;

/**
 * The learner's own lessons (docs/decisions/046-own-lessons.md): listed, made from an uploaded audio file and its
 * transcript, read by the player, renamed and deleted, each only by its owner (another person's id is 404).
 */
export function ownLessonsRoutes(app: FastifyInstance, db: Db, store: FileStore, transcription: boolean): void {
  const options = { user: requireUser };

  // Lessons being made (or failed to be) come first, with their progress (docs/decisions/049-voicing-own-lessons.md).
  route(app, ownLessonEndpoints.list, options, async ({ user }) => ({
    lessons: [
      ...(await listShownJobs(db, user.id)).map(ownLessonJobSummary),
      ...(await listOwnLessons(db, user.id)).map(summary),
    ],
    allowance: await allowanceWithJobs(db, user),
    transcription,
  }));

  /**
   * The transcript is read before the transaction; then, with the person's row locked so two makes at once count
   * each other, the plan's limits are checked and the upload becomes the lesson.
   */
  route(app, ownLessonEndpoints.create, options, async ({ user, body }) => {
    let cues;
    try {
      cues = parseCaptions(body.transcript);
    } catch (error) {
      if (error instanceof CaptionError) throw new HttpError(400, 'validation', error.message);
      throw error;
    }
    const transcript = cuesToTranscript(cues);
    const lastCueStart = cues.at(-1)!.startMs;
    const now = Date.now();
    const lesson = await db.transaction(async (tx) => {
      const person = (await lockUser(tx, user.id)) ?? user;
      const upload = await takeUpload(tx, user.id, body.uploadId, now);
      if (!upload) throw new HttpError(404, 'notFound', OWN_LESSON_MESSAGES.uploadGone);
      checkTranscriptFits(lastCueStart, upload.durationMs);
      checkFits(await allowanceWithJobs(tx, person), upload.durationMs);
      const row = {
        id: randomUUID(),
        userId: user.id,
        title: body.title,
        audioKey: upload.audioKey,
        audioType: upload.audioType,
        audioBytes: upload.audioBytes,
        durationMs: upload.durationMs,
        transcript,
        createdAt: now,
        updatedAt: now,
      };
      await insertOwnLesson(tx, row);
      await indexOwnLesson(tx, row, now);
      return row;
    });
    return { lesson: summary(lesson) };
  });

  route(app, ownLessonEndpoints.get, options, async ({ user, params }) => {
    const row = await findOwnLesson(db, user.id, params.id);
    if (!row) throw notFound();
    return { lesson: ownLessonView(row) };
  });

  correctSentenceRoute(app, db);

  route(app, ownLessonEndpoints.rename, options, async ({ user, body }) => {
    const row = await db.transaction(async (tx) => {
      const renamed = await renameOwnLesson(tx, user.id, body.id, body.title, Date.now());
      if (renamed) await retitleSource(tx, user.id, 'lesson', renamed.id, renamed.title);
      return renamed;
    });
    if (!row) throw notFound();
    return { lesson: summary(row) };
  });

  /**
   * The row goes first; its file after, so a failure in between leaves a file no lesson names, never the reverse. A
   * lesson still being made is cancelled (or, failed, dismissed) and its voiced sentences removed (decision 049).
   */
  route(app, ownLessonEndpoints.delete, options, async ({ user, body }) => {
    const audioKey = await deleteOwnLesson(db, user.id, body.id);
    if (audioKey) {
      await deleteJobOf(db, user.id, body.id);
      await store.remove(audioKey);
      return { ok: true as const };
    }
    const job = await cancelJob(db, user.id, body.id, Date.now());
    if (!job) throw notFound();
    await removePieces(store, user.id, job.id, job.sentences.length);
    // The audio of a lesson from audio alone (decision 051) is freed with it.
    if (job.audio) await store.remove(job.audio.key);
    return { ok: true as const };
  });
}
