import type { DeckChoice } from '@turtle/shared/cards';
import type { AcceptDraftsBody, AcceptDraftsResponse } from '@turtle/shared/cards-drafts';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/drafts/accept`: the drafts (as edited) become cards in one deck, all or none. */
export const acceptDrafts = (deck: DeckChoice, drafts: AcceptDraftsBody['drafts']) =>
  api.postJson<AcceptDraftsResponse>('/api/cards/drafts/accept', { deck, drafts });
