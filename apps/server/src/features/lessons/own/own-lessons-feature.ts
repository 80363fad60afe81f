import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import { registerAccountDeletionStep } from '../../../core/identity/account-deletion';
import { ownLessonAudioRoutes, removeStaleUploads } from './own-lesson-audio.routes';
import { ownLessonsRoutes } from './own-lessons.routes';
import { audioKeysOf, findOwnLesson } from './own-lessons.repository';

/** The learner's own lessons (docs/decisions/046-own-lessons.md): their routes and what they leave in the file store. */
export function registerOwnLessons(app: FastifyInstance, db: Db, store: FileStore): void {
  ownLessonsRoutes(app, db, store);
  ownLessonAudioRoutes(app, db, store);
  // The files of an account that goes: its rows go with the account, by their foreign keys.
  registerAccountDeletionStep(app, async (user) => {
    for (const key of await audioKeysOf(db, user.id)) await store.remove(key);
  });
  app.addHook('onReady', async () => removeStaleUploads(db, store, Date.now()));
}

/** A learner's own lesson as another feature reads it (a card source), handed over by the app: theirs, or null. */
export async function readOwnLesson(db: Db, userId: string, lessonId: string) {
  const row = await findOwnLesson(db, userId, lessonId);
  return row && { id: row.id, title: row.title, transcript: row.transcript };
}
