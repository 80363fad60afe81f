import { AcceptDraftsBodySchema, GenerateDraftsBodySchema, RejectDraftsBodySchema } from '../../cards-drafts';
import { withInputSchemas } from '../input-schemas';
import { cardDraftEndpoints as entries } from './drafts';

/** `./drafts.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const cardDraftEndpoints = withInputSchemas(entries, {
  generate: { body: GenerateDraftsBodySchema },
  accept: { body: AcceptDraftsBodySchema },
  reject: { body: RejectDraftsBodySchema },
});
