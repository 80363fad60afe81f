import type { ApkgSummary } from '@turtle/shared/cards-import';
import { ApiError } from '../../../lib/api-client';

/**
 * Posts a file as the body itself (`application/octet-stream`). Kept beside its one caller rather than in the API
 * client, which every page loads; failures become the same `ApiError` the client throws.
 */
async function postFile<T>(path: string, file: Blob): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { code: 'network', message: 'Cannot reach Turtle. Check your connection and try again.' });
  }
  const data = (await response.json().catch(() => undefined)) as { code?: unknown; message?: unknown } | undefined;
  if (!response.ok) {
    const body =
      typeof data?.code === 'string' && typeof data.message === 'string'
        ? { code: data.code, message: data.message }
        : { code: 'http', message: `The request failed (${response.status}).` };
    throw new ApiError(response.status, body);
  }
  return data as T;
}

/** `POST /api/cards/import/apkg/preview`: what the package would bring in and what it leaves out; nothing saved. */
export const previewApkg = (file: Blob) => postFile<ApkgSummary>('/api/cards/import/apkg/preview', file);

/** `POST /api/cards/import/apkg`: everything or nothing. */
export const importApkg = (file: Blob) => postFile<ApkgSummary>('/api/cards/import/apkg', file);
