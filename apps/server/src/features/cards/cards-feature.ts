import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics/analytics.routes';
import type { CardsOptions } from './cards-options';
import { decksRoutes } from './decks/decks.routes';
import { draftsRoutes } from './drafts/drafts.routes';
import { reviewRoutes } from './review/review.routes';
import { ankiImportRoutes } from './transfer/anki-import.routes';
import { transferRoutes } from './transfer/transfer.routes';

/** Flashcards (docs/decisions/012-flashcards.md): decks and cards, review, drafts, import and export. */
export function registerCards(app: FastifyInstance, options: CardsOptions): void {
  decksRoutes(app, options);
  reviewRoutes(app, options);
  draftsRoutes(app, options);
  transferRoutes(app, options);
  analyticsRoutes(app, options);
  ankiImportRoutes(app, options);
}
