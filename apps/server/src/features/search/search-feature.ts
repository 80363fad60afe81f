import type { FastifyInstance } from 'fastify';
import { searchEndpoints } from '@turtle/shared/endpoints/search.schemas';
import type { Db } from '../../db/database';
import { route } from '../../lib/route';
import { requireUser } from '../../core/identity/sessions';
import { searchPassages } from '../../core/knowledge/passages.repository';
import { indexNotesLeftOut } from '../../core/notes/notes-index';
import { indexMessagesLeftOut } from '../../core/conversations/messages-index';
import { lessonsOpenTo } from '../../core/lessons/lesson-passages';
import { indexBackfills } from '../../core/knowledge/index-backfills';

/**
 * Search across the learner's material (docs/api.md "Search", docs/decisions/036-one-index.md): the route, and once
 * the server is ready, the notes and chat messages written before the index held them are indexed in the background,
 * then what the features registered (`registerIndexBackfill`: the cards, decision 044).
 */
export function registerSearch(app: FastifyInstance, db: Db): void {
  route(app, searchEndpoints.search, { user: requireUser }, async ({ user, query: { q, kind } }) => ({
    results: await searchPassages(db, user.id, q, { kind, lessons: lessonsOpenTo() }),
  }));

  let closing = false;
  let backfill: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    backfill = (async () => {
      const notes = await indexNotesLeftOut(db, () => closing);
      if (notes > 0) app.log.info({ notes }, 'search: indexed the notes written before the index');
      const messages = await indexMessagesLeftOut(db, () => closing);
      if (messages > 0) app.log.info({ messages }, 'search: indexed the chat messages written before the index');
      for (const backfill of indexBackfills(app)) {
        const indexed = await backfill.run(() => closing);
        if (indexed > 0)
          app.log.info({ [backfill.name]: indexed }, `search: indexed the ${backfill.name} written before the index`);
      }
    })().catch((error: unknown) =>
      app.log.warn({ err: error }, 'search: indexing older material stopped; the next start goes on'),
    );
  });
  app.addHook('onClose', async () => {
    closing = true;
    await backfill;
  });
}
