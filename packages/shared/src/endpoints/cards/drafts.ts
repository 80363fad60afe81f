import type {
  AcceptDraftsBodySchema,
  AcceptDraftsResponse,
  GenerateDraftsBodySchema,
  GenerateDraftsResponse,
  ListDraftsResponse,
  RejectDraftsBodySchema,
} from '../../cards-drafts';
import { defineEndpoints, shapes } from '../endpoint';

/** docs/api.md "Flashcards": the drafts tray. */
export const cardDraftEndpoints = defineEndpoints({
  list: { method: 'GET', path: '/api/cards/drafts', shapes: shapes<{ response: ListDraftsResponse }>() },
  generate: {
    method: 'POST',
    path: '/api/cards/drafts/generate',
    encoding: 'json',
    shapes: shapes<{ body: typeof GenerateDraftsBodySchema; response: GenerateDraftsResponse }>(),
  },
  accept: {
    method: 'POST',
    path: '/api/cards/drafts/accept',
    encoding: 'json',
    shapes: shapes<{ body: typeof AcceptDraftsBodySchema; response: AcceptDraftsResponse }>(),
  },
  reject: {
    method: 'POST',
    path: '/api/cards/drafts/reject',
    encoding: 'json',
    shapes: shapes<{ body: typeof RejectDraftsBodySchema; response: { rejected: number } }>(),
  },
});
