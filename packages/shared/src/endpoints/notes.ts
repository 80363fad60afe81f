import type {
  DeleteNoteBodySchema,
  DeleteNoteResponse,
  GetNoteQuerySchema,
  GetNoteResponse,
  ListNotesResponse,
  SaveNoteBodySchema,
  SaveNoteResponse,
} from '../note';
import { endpointTable, get, post } from './endpoint';

/** docs/api.md "Notes". */
export const noteEndpoints = endpointTable<NoteShapes>()({
  list: get('/api/note/list'),
  get: get('/api/note/get'),
  save: post('/api/note/save', { encoding: 'json', idempotent: true }),
  delete: post('/api/note/delete', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type NoteShapes = {
  list: { response: ListNotesResponse };
  get: { query: typeof GetNoteQuerySchema; response: GetNoteResponse };
  save: { body: typeof SaveNoteBodySchema; response: SaveNoteResponse };
  delete: { body: typeof DeleteNoteBodySchema; response: DeleteNoteResponse };
};
