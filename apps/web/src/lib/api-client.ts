import type { ApiErrorBody } from '@turtle/shared/errors';

/** A failed call: carries the server's `{ code, message }` body (product.md §7: calls reject with the response body). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
  get code() {
    return this.body.code;
  }
}

// A hand-written guard: the schema library stays out of the first chunk every page loads.
function isErrorBody(data: unknown): data is ApiErrorBody {
  const body = data as Partial<ApiErrorBody> | null;
  return typeof body?.code === 'string' && typeof body.message === 'string';
}

type Body = { json: unknown } | { form: Record<string, string> } | undefined;

async function request<T>(
  method: string,
  path: string,
  body?: Body,
  signal?: AbortSignal,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  let payload: string | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body && 'form' in body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'network', message: 'Cannot reach Turtle. Check your connection and try again.' });
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorBody(data) ? data : { code: 'http', message: `The request failed (${response.status}).` },
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string) => request<T>('POST', path),
  /** `headers` adds request headers, such as the `Idempotency-Key` of a create. */
  postJson: <T>(path: string, json: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, { json }, undefined, headers),
  postForm: <T>(path: string, form: Record<string, string>) => request<T>('POST', path, { form }),
};
