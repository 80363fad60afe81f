import type { FastifyInstance } from 'fastify';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons.schemas';
import type { Db } from '../../db/database';
import { route } from '../../lib/route';
import { perUser, rateLimited } from '../../plugins/rate-limit';
import { requireUser } from '../../core/identity/sessions';
import { listOwnProgress, mergeOwnProgress, saveOwnProgress } from './lesson-progress.repository';
import { isSeriesLesson } from '@turtle/shared/lesson-helpers';
import { lessonNotFound } from '../../core/lessons/lesson-catalog';
import { findOwnLesson } from './own/own-lessons.repository';

/** A playing lesson writes about every 15 s, plus pauses and seeks; this leaves room for several tabs. */
const PROGRESS_WRITES_PER_MINUTE = 120;

/**
 * Lesson positions in the account (decision 021): read them, write one lesson's, merge a device's once. Completed marks
 * are never taken (product.md §2: local only, not sent anywhere): a body carrying one is refused with 400.
 */
export function lessonProgressRoutes(app: FastifyInstance, db: Db): void {
  const limiter = rateLimited(app, [
    { name: 'lesson-progress', max: PROGRESS_WRITES_PER_MINUTE, windowMs: 60_000, key: perUser },
  ]);

  route(app, lessonEndpoints.progress, { user: requireUser }, async ({ user }) => {
    return { progress: await listOwnProgress(db, user.id) };
  });

  route(
    app,
    lessonEndpoints.saveProgress,
    { user: requireUser, preHandler: limiter },
    async ({ user, body: { lessonId, positionMs } }) => {
      // A learner's own lesson is theirs or not found, as everywhere (docs/decisions/046-own-lessons.md).
      if (!isSeriesLesson(lessonId) && !(await findOwnLesson(db, user.id, lessonId))) throw lessonNotFound();
      await saveOwnProgress(db, user.id, { lessonId, positionMs }, Date.now());
      return { progress: await listOwnProgress(db, user.id) };
    },
  );

  route(
    app,
    lessonEndpoints.mergeProgress,
    { user: requireUser, preHandler: limiter },
    async ({ user, body: { lessons } }) => {
      // Each lesson once: a list naming one twice would hit the same row twice in one statement.
      const unique = [
        ...new Map(lessons.map(({ lessonId, positionMs }) => [lessonId, { lessonId, positionMs }])).values(),
      ];
      await mergeOwnProgress(db, user.id, unique, Date.now());
      return { progress: await listOwnProgress(db, user.id) };
    },
  );
}
