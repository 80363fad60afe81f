import type { FastifyInstance } from 'fastify';
import { searchEndpoints } from '@turtle/shared/endpoints/search.schemas';
import type { Db } from '../../db/database';
import type { EmbeddingConfig } from '../../config/embedding-config';
import { route } from '../../lib/route';
import { requireUser } from '../../core/identity/sessions';
import { searchWithSemantic } from '../../core/knowledge/passages.repository';
import { indexNotesLeftOut } from '../../core/notes/notes-index';
import { indexMessagesLeftOut } from '../../core/conversations/messages-index';
import { lessonsOpenTo } from '../../core/lessons/lesson-passages';
import { indexBackfills } from '../../core/knowledge/index-backfills';
import { createEmbedder } from '../../core/knowledge/embedding-client';
import { registerSemanticIndex, SemanticIndex } from '../../core/knowledge/semantic-index';

/**
 * Search across the learner's material (docs/api.md "Search", docs/decisions/036-one-index.md): the route, and once
 * the server is ready, the notes and chat messages written before the index held them are indexed in the background,
 * then what the features registered (`registerIndexBackfill`: the cards, decision 044). With `EMBEDDING_MODEL`,
 * semantic search (docs/decisions/048-semantic-search.md): its tables where the database has pgvector, then the
 * passages' vectors in the background, and its state for the learner.
 */
export function registerSearch(app: FastifyInstance, db: Db, embeddings?: EmbeddingConfig): void {
  const semantic = embeddings
    ? new SemanticIndex(db, createEmbedder(embeddings), embeddings.model, app.log)
    : undefined;
  if (semantic) registerSemanticIndex(db, semantic);

  route(app, searchEndpoints.search, { user: requireUser }, async ({ user, query: { q, kind } }) =>
    searchWithSemantic(db, user.id, q, { kind, lessons: lessonsOpenTo() }),
  );
  route(app, searchEndpoints.status, { user: requireUser }, async ({ user }) =>
    semantic ? semantic.status(user.id) : { semantic: 'off' as const },
  );

  let closing = false;
  let backfill: Promise<void> = Promise.resolve();
  let embedding: Promise<void> = Promise.resolve();
  // Before the server answers: a search must know whether the vectors' table is there.
  if (semantic) app.addHook('onReady', () => semantic.start());
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
    if (semantic)
      embedding = semantic
        .run()
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'search: embedding passages stopped; the next start goes on'),
        );
  });
  app.addHook('onClose', async () => {
    closing = true;
    semantic?.close();
    await Promise.all([backfill, embedding]);
  });
}
