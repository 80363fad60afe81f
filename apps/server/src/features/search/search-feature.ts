import type { FastifyInstance } from 'fastify';
import { searchEndpoints } from '@turtle/shared/endpoints/search.schemas';
import type { Db } from '../../db/database';
import { route } from '../../lib/route';
import { requireUser } from '../../core/identity/sessions';
import { searchPassages } from '../../core/knowledge/passages.repository';
import { indexNotesLeftOut } from '../../core/notes/notes-index';

/**
 * Search across the learner's material (docs/api.md "Search", docs/decisions/036-one-index.md): the route, and once
 * the server is ready, the notes written before the index existed are indexed in the background.
 */
export function registerSearch(app: FastifyInstance, db: Db): void {
  route(app, searchEndpoints.search, { user: requireUser }, async ({ user, query: { q, kind } }) => ({
    results: await searchPassages(db, user.id, q, { kind }),
  }));

  let closing = false;
  let backfill: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    backfill = indexNotesLeftOut(db, () => closing).then(
      (count) => {
        if (count > 0) app.log.info({ notes: count }, 'search: indexed the notes written before the index');
      },
      (error: unknown) => app.log.warn({ err: error }, 'search: indexing older notes stopped; the next start goes on'),
    );
  });
  app.addHook('onClose', async () => {
    closing = true;
    await backfill;
  });
}
