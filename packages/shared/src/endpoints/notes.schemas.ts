import * as note from '../note';
import { withInputSchemas } from './input-schemas';
import { noteEndpoints as entries } from './notes';

/** `./notes.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const noteEndpoints = withInputSchemas(entries, {
  get: { query: note.GetNoteQuerySchema },
  save: { body: note.SaveNoteBodySchema },
  delete: { body: note.DeleteNoteBodySchema },
});
