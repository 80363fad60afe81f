import type { DraftSourceRef } from '@turtle/shared/cards-drafts';
import { cardDraftEndpoints } from '@turtle/shared/endpoints/cards/drafts';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/drafts/generate`: the assistant drafts cards (one reply of the day). */
export const generateDrafts = (source: DraftSourceRef) => api.call(cardDraftEndpoints.generate, { body: { source } });
