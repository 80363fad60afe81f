import type {
  ApkgSummary,
  ExportQuerySchema,
  ImportBodySchema,
  ImportPreview,
  ImportResponse,
} from '../../cards-import';
import { defineEndpoints, shapes, type FileUpload } from '../endpoint';

/** docs/api.md "Flashcards": export (CSV or an Anki package) and import (CSV, or an Anki package's bytes). */
export const cardTransferEndpoints = defineEndpoints({
  /** A download: the browser follows the link with the session cookie. */
  export: {
    method: 'GET',
    path: '/api/cards/export',
    kind: 'file',
    shapes: shapes<{ query: typeof ExportQuerySchema }>(),
  },
  previewCsv: {
    method: 'POST',
    path: '/api/cards/import/preview',
    encoding: 'json',
    shapes: shapes<{ body: typeof ImportBodySchema; response: ImportPreview }>(),
  },
  importCsv: {
    method: 'POST',
    path: '/api/cards/import',
    encoding: 'json',
    shapes: shapes<{ body: typeof ImportBodySchema; response: ImportResponse }>(),
  },
  previewApkg: {
    method: 'POST',
    path: '/api/cards/import/apkg/preview',
    encoding: 'binary',
    shapes: shapes<{ body: FileUpload; response: ApkgSummary }>(),
  },
  importApkg: {
    method: 'POST',
    path: '/api/cards/import/apkg',
    encoding: 'binary',
    shapes: shapes<{ body: FileUpload; response: ApkgSummary }>(),
  },
});
