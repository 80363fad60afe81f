import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics/analytics.routes';
import type { CardsOptions } from './cards-options';
import { registerPersonCounter } from '../../core/identity/person-counts';
import { countCards } from './decks/card-counts';
import { indexCardsLeftOut } from './decks/card-index';
import { registerIndexBackfill } from '../../core/knowledge/index-backfills';
import { decksRoutes } from './decks/decks.routes';
import { draftsRoutes } from './drafts/drafts.routes';
import { cardMediaRoutes } from './media/card-media.routes';
import { reviewRoutes } from './review/review.routes';
import { transferRoutes } from './transfer/transfer.routes';

/**
 * Flashcards (docs/decisions/012-flashcards.md), one room a folder, each registering its own routes: decks and cards,
 * review (the queue, grades, settings, the load forecast), drafts, transfer (CSV and Anki, in and out), analytics
 * with the optimizer (`optimizer/`, docs/decisions/013-analytics-and-optimizer.md). Cards written before the index held
 * them are indexed by a pass it registers with core/knowledge (decision 044).
 */
export function registerCards(app: FastifyInstance, options: CardsOptions): void {
  decksRoutes(app, options);
  reviewRoutes(app, options);
  draftsRoutes(app, options);
  transferRoutes(app, options);
  analyticsRoutes(app, options);
  cardMediaRoutes(app, options);
  registerPersonCounter(app, { name: 'cards', count: (userIds) => countCards(options.db, userIds) });
  registerIndexBackfill(app, { name: 'cards', run: (shouldStop) => indexCardsLeftOut(options.db, shouldStop) });
}
