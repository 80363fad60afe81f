import type { ApkgSummary } from '@turtle/shared/cards-import';
import { api } from '../../../../lib/api-client';

/** `POST /api/cards/import/apkg/preview`: what the package would bring in and what it leaves out; nothing saved. */
export const previewApkg = (file: Blob) => api.postFile<ApkgSummary>('/api/cards/import/apkg/preview', file);

/** `POST /api/cards/import/apkg`: everything or nothing. */
export const importApkg = (file: Blob) => api.postFile<ApkgSummary>('/api/cards/import/apkg', file);
