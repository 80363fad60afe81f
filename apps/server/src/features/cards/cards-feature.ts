import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics.routes';
import { apkgImportRoutes } from './apkg-import.routes';
import { cardsRoutes } from './cards.routes';
import type { CardsOptions } from './cards-options';
import { draftsRoutes } from './drafts.routes';
import { reviewRoutes } from './review.routes';
import { transferRoutes } from './transfer.routes';

/** Flashcards (issue 13, docs/decisions/012-flashcards.md): decks and cards, review, drafts, import and export. */
export function registerCards(app: FastifyInstance, options: CardsOptions): void {
  cardsRoutes(app, options);
  reviewRoutes(app, options);
  draftsRoutes(app, options);
  transferRoutes(app, options);
  analyticsRoutes(app, options);
  apkgImportRoutes(app, options);
}
