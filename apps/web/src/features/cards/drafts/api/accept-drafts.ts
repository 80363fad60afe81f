import type { DeckChoice } from '@turtle/shared/cards';
import type { AcceptDraftsBody } from '@turtle/shared/cards-drafts';
import { cardDraftEndpoints } from '@turtle/shared/endpoints/cards/drafts';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/drafts/accept`: the drafts (as edited) become cards in one deck, all or none. */
export const acceptDrafts = (deck: DeckChoice, drafts: AcceptDraftsBody['drafts']) =>
  api.call(cardDraftEndpoints.accept, { body: { deck, drafts } });
