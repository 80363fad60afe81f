import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { indexSharedSources } from '../../core/knowledge/shared-passages';
import type { LessonCatalog } from '../../core/lessons/lesson-catalog';
import { lessonPassages } from '../../core/lessons/lesson-passages';

/**
 * Once the server is ready, the ready lessons' transcripts are in the index as shared passages, a few sentences with
 * their start each (decision 039): written once for everybody, again only when a transcript changed. A failure is
 * logged, not fatal: search and the chat answer from the rest.
 */
export function indexLessonsWhenReady(app: FastifyInstance, db: Db, catalog: LessonCatalog): void {
  app.addHook('onReady', async () => {
    const sources = catalog.lessons
      .filter(({ lesson }) => lesson.ready)
      .map(({ lesson }) => ({
        kind: 'lesson' as const,
        sourceId: lesson.id,
        title: lesson.title,
        passages: lessonPassages(lesson.transcript),
      }));
    try {
      const written = await indexSharedSources(db, 'lesson', sources, Date.now());
      if (written > 0) app.log.info({ lessons: written }, 'search: indexed the lesson transcripts');
    } catch (error) {
      app.log.warn({ err: error }, 'search: could not index the lesson transcripts; the next start tries again');
    }
  });
}
