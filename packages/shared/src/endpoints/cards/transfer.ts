import type {
  ApkgSummary,
  ExportQuerySchema,
  ImportBodySchema,
  ImportPreview,
  ImportResponse,
} from '../../cards-import';
import type { TimeZoneQuerySchema } from '../../cards-day';
import type { MediaParamsSchema } from '../path-params';
import { endpointTable, get, post, type FileUpload } from '../endpoint';

/** docs/api.md "Flashcards": export (CSV or an Anki package) and import (CSV, or an Anki package's bytes). */
export const cardTransferEndpoints = endpointTable<CardTransferShapes>()({
  /** A download: the browser follows the link with the session cookie. */
  export: get('/api/cards/export', { kind: 'file' }),
  previewCsv: post('/api/cards/import/preview', { encoding: 'json' }),
  importCsv: post('/api/cards/import', { encoding: 'json' }),
  previewApkg: post('/api/cards/import/apkg/preview', { encoding: 'binary' }),
  /** `?tz=`: the learner's zone, whose study days the replayed history and the placed due dates count in. */
  importApkg: post('/api/cards/import/apkg', { encoding: 'binary' }),
  /** An image or sound a card uses (docs/decisions/038-card-media.md): its bytes, for its owner only. */
  media: get('/api/cards/media/:sha256', { kind: 'file' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type CardTransferShapes = {
  export: { query: typeof ExportQuerySchema };
  previewCsv: { body: typeof ImportBodySchema; response: ImportPreview };
  importCsv: { body: typeof ImportBodySchema; response: ImportResponse };
  previewApkg: { body: FileUpload; response: ApkgSummary };
  importApkg: { body: FileUpload; query: typeof TimeZoneQuerySchema; response: ApkgSummary };
  media: { params: typeof MediaParamsSchema };
};
