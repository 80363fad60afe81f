import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import { registerAccountDeletionStep } from '../../../core/identity/account-deletion';
import { ownLessonAudioRoutes, removeStaleUploads } from './own-lesson-audio.routes';
import { ownLessonsRoutes } from './own-lessons.routes';
import { audioKeysOf, findOwnLesson } from './own-lessons.repository';
import type { SpeechConfig } from '../../../config/speech-config';
import { onShutdown } from '../../../plugins/drain';
import { jobsOf } from './own-lesson-jobs.repository';
import { removePieces, startJobRunner, type JobRunner } from './own-lesson-runner';
import { textLessonRoute } from './own-lesson-text.route';
import { transcribeLessonRoute } from './own-lesson-transcribe.route';
import { espeakEngine } from './voicing/espeak-engine';
import { speechServiceEngine } from './voicing/speech-service';

/** The embedded voice unless a speech service is set up; tests may speed up the idle look for work. */
const DEFAULT_SPEECH: SpeechConfig = { service: null, leaseMs: 30_000, transcription: null };
const POLL_MS = 1000;

/** The learner's own lessons (docs/decisions/046-own-lessons.md): their routes and what they leave in the file store. */
export function registerOwnLessons(
  app: FastifyInstance,
  db: Db,
  store: FileStore,
  speech: SpeechConfig = DEFAULT_SPEECH,
): void {
  ownLessonsRoutes(app, db, store, speech.transcription !== null);
  ownLessonAudioRoutes(app, db, store);
  // Lessons from a text are voiced in the background (docs/decisions/049-voicing-own-lessons.md), by every process.
  let runner: JobRunner | null = null;
  const service = speech.service;
  textLessonRoute(app, db, store, service ? 'service' : 'embedded', () => runner?.kick());
  // And lessons from audio alone transcribed (docs/decisions/051-transcribing-own-lessons.md).
  transcribeLessonRoute(app, db, store, speech.transcription !== null, () => runner?.kick());
  app.addHook('onReady', async () => {
    runner = startJobRunner({
      db,
      store,
      engines: {
        embedded: () => espeakEngine(),
        ...(service ? { service: () => speechServiceEngine(service) } : {}),
      },
      transcription: speech.transcription,
      log: app.log,
      leaseMs: speech.leaseMs,
      pollMs: Math.min(POLL_MS, speech.leaseMs),
    });
  });
  onShutdown(app, async () => {
    await runner?.stop();
  });
  // The files of an account that goes: its rows go with the account, by their foreign keys.
  registerAccountDeletionStep(app, async (user) => {
    for (const key of await audioKeysOf(db, user.id)) await store.remove(key);
    for (const job of await jobsOf(db, user.id)) {
      await removePieces(store, user.id, job.id, job.total);
      if (job.audioKey) await store.remove(job.audioKey);
    }
  });
  app.addHook('onReady', async () => removeStaleUploads(db, store, Date.now()));
}

/** A learner's own lesson as another feature reads it (a card source), handed over by the app: theirs, or null. */
export async function readOwnLesson(db: Db, userId: string, lessonId: string) {
  const row = await findOwnLesson(db, userId, lessonId);
  return row && { id: row.id, title: row.title, transcript: row.transcript };
}
