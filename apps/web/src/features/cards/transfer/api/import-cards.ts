import type { ImportBody, ImportPreview, ImportResponse } from '@turtle/shared/cards-import';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/import/preview`: every row checked, nothing saved. */
export const previewImport = (body: ImportBody) => api.postJson<ImportPreview>('/api/cards/import/preview', body);

/** `POST /api/cards/import`: all rows or none. */
export const importCards = (body: ImportBody) => api.postJson<ImportResponse>('/api/cards/import', body);
