import { api } from '../../../../lib/api-client';

/** `POST /api/cards/drafts/reject`. */
export const rejectDrafts = (ids: string[]) => api.postJson<{ rejected: number }>('/api/cards/drafts/reject', { ids });
