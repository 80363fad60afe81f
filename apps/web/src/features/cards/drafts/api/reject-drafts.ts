import { cardDraftEndpoints } from '@turtle/shared/endpoints/cards/drafts';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/drafts/reject`. */
export const rejectDrafts = (ids: string[]) => api.call(cardDraftEndpoints.reject, { body: { ids } });
