import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer';
import { api } from '../../../../lib/api-client';
import { browserTimeZone } from '../../../../lib/time-zone';

/** `POST /api/cards/import/apkg/preview`: what the package would bring in and what it leaves out; nothing saved. */
export const previewApkg = (file: Blob) => api.call(cardTransferEndpoints.previewApkg, { body: file });

/** `POST /api/cards/import/apkg`: everything or nothing, its days counted in the browser's zone. */
export const importApkg = (file: Blob) =>
  api.call(cardTransferEndpoints.importApkg, { body: file, query: { tz: browserTimeZone() } });
