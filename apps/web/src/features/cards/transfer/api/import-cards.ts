import type { ImportBody } from '@turtle/shared/cards-import';
import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/import/preview`: every row checked, nothing saved. */
export const previewImport = (body: ImportBody) => api.call(cardTransferEndpoints.previewCsv, { body });

/** `POST /api/cards/import`: all rows or none. */
export const importCards = (body: ImportBody) => api.call(cardTransferEndpoints.importCsv, { body });
