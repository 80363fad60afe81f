import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics/analytics.routes';
import type { CardsOptions } from './cards-options';
import { indexCardsLeftOut } from './decks/card-index';
import { registerIndexBackfill } from '../../core/knowledge/index-backfills';
import { registerSourceGroup } from '../../core/knowledge/source-groups';
import { ownDeckSubtree } from './decks/decks.repository';
import { decksRoutes } from './decks/decks.routes';
import { draftsRoutes } from './drafts/drafts.routes';
import { cardMediaRoutes } from './media/card-media.routes';
import { reviewRoutes } from './review/review.routes';
import { transferRoutes } from './transfer/transfer.routes';

/**
 * Flashcards (docs/decisions/012-flashcards.md), one room a folder, each registering its own routes: decks and cards,
 * review (the queue, grades, settings, the load forecast), drafts, transfer (CSV and Anki, in and out), analytics
 * with the optimizer (`optimizer/`, docs/decisions/013-analytics-and-optimizer.md). Cards written before the index held
 * them are indexed by a pass it registers with core/knowledge, and a deck is a group a chat can be narrowed to (decision
 * 044).
 */
export function registerCards(app: FastifyInstance, options: CardsOptions): void {
  decksRoutes(app, options);
  reviewRoutes(app, options);
  draftsRoutes(app, options);
  transferRoutes(app, options);
  analyticsRoutes(app, options);
  cardMediaRoutes(app, options);
  registerIndexBackfill(app, { name: 'cards', run: (shouldStop) => indexCardsLeftOut(options.db, shouldStop) });
  // A chat narrowed to a deck reads its cards and its subdecks' (decision 044).
  registerSourceGroup(app, {
    name: 'deck',
    kind: 'card',
    parents: async (userId, deckId) => (await ownDeckSubtree(options.db, userId, deckId)).map((deck) => deck.id),
  });
}
