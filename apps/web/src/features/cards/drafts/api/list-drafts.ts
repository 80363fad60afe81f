import { cardDraftEndpoints } from '@turtle/shared/endpoints/cards/drafts';
import { api } from '../../../../lib/api-client';

/** `GET /api/cards/drafts`: the tray, with duplicates flagged, and the card meter. */
export const listDrafts = (signal?: AbortSignal) => api.call(cardDraftEndpoints.list, { signal });
