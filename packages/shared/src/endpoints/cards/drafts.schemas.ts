import * as cardsDrafts from '../../cards-drafts';
import { withInputSchemas } from '../input-schemas';
import { cardDraftEndpoints as entries } from './drafts';

/** `./drafts.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardDraftEndpoints = withInputSchemas(entries, {
  generate: { body: cardsDrafts.GenerateDraftsBodySchema },
  accept: { body: cardsDrafts.AcceptDraftsBodySchema },
  reject: { body: cardsDrafts.RejectDraftsBodySchema },
});
