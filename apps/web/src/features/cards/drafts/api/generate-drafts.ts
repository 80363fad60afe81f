import type { DraftSourceRef, GenerateDraftsResponse } from '@turtle/shared/cards-drafts';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/drafts/generate`: the assistant drafts cards (one reply of the day). */
export const generateDrafts = (source: DraftSourceRef) =>
  api.postJson<GenerateDraftsResponse>('/api/cards/drafts/generate', { source });
