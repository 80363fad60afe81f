import type {
  AcceptDraftsBodySchema,
  AcceptDraftsResponse,
  GenerateDraftsBodySchema,
  GenerateDraftsResponse,
  ListDraftsResponse,
  RejectDraftsBodySchema,
} from '../../cards-drafts';
import { endpointTable, get, post } from '../endpoint';

/** docs/api.md "Flashcards": the drafts tray. */
export const cardDraftEndpoints = endpointTable<CardDraftShapes>()({
  list: get('/api/cards/drafts'),
  generate: post('/api/cards/drafts/generate', { encoding: 'json' }),
  accept: post('/api/cards/drafts/accept', { encoding: 'json' }),
  reject: post('/api/cards/drafts/reject', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type CardDraftShapes = {
  list: { response: ListDraftsResponse };
  generate: { body: typeof GenerateDraftsBodySchema; response: GenerateDraftsResponse };
  accept: { body: typeof AcceptDraftsBodySchema; response: AcceptDraftsResponse };
  reject: { body: typeof RejectDraftsBodySchema; response: { rejected: number } };
};
