import type {
  DeleteNoteBodySchema,
  DeleteNoteResponse,
  GetNoteQuerySchema,
  GetNoteResponse,
  ListNotesResponse,
  SaveNoteBodySchema,
  SaveNoteResponse,
} from '../note';
import { defineEndpoints, shapes } from './endpoint';

/** docs/api.md "Notes". */
export const noteEndpoints = defineEndpoints({
  list: {
    method: 'GET',
    path: '/api/note/list',
    shapes: shapes<{ response: ListNotesResponse }>(),
  },
  get: {
    method: 'GET',
    path: '/api/note/get',
    shapes: shapes<{ query: typeof GetNoteQuerySchema; response: GetNoteResponse }>(),
  },
  save: {
    method: 'POST',
    path: '/api/note/save',
    encoding: 'json',
    idempotent: true,
    shapes: shapes<{ body: typeof SaveNoteBodySchema; response: SaveNoteResponse }>(),
  },
  delete: {
    method: 'POST',
    path: '/api/note/delete',
    encoding: 'json',
    shapes: shapes<{ body: typeof DeleteNoteBodySchema; response: DeleteNoteResponse }>(),
  },
});
