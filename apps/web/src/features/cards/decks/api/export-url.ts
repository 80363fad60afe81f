import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer';
import { apiUrl } from '../../../../lib/api-url';

/** `GET /api/cards/export`: a download link (the browser sends the session cookie). */
export const exportUrl = (format: 'csv' | 'apkg', deckId?: string): string =>
  apiUrl(cardTransferEndpoints.export, { query: { format, deckId } });
