import type { FastifyInstance } from 'fastify';
import type { CardsOptions } from '../cards-options';
import { ankiImportRoutes } from './anki-import.routes';
import { csvImportRoutes } from './csv-import.routes';
import { exportRoutes } from './export.routes';

/**
 * Cards in and out of Turtle (docs/decisions/012-flashcards.md, docs/decisions/013-analytics-and-optimizer.md):
 * export as CSV or an Anki package, CSV import, Anki package import. Files are named by direction (`csv-import`,
 * `anki-read`, `anki-import`, `anki-export`); `apkg-*` is the package's reading machinery (zip, meta, the budget,
 * the worker thread and its job, the history's replay; docs/decisions/034-import-budget.md).
 */
export function transferRoutes(app: FastifyInstance, options: CardsOptions): void {
  exportRoutes(app, options);
  csvImportRoutes(app, options);
  ankiImportRoutes(app, options);
}
