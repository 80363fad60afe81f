import type { Endpoint, InputOf, ResponseOf } from '@turtle/shared/endpoints/endpoint';
import type { ApiErrorBody } from '@turtle/shared/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@turtle/shared/idempotency';
import { apiUrl } from './api-url';

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

export const NETWORK_ERROR_MESSAGE = 'Cannot reach Turtle. Check your connection and try again.';

/** `fetch` with the session cookie; a network failure becomes the one `network` ApiError, an abort stays an abort. */
export async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (init.signal?.aborted || (error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { code: 'network', message: NETWORK_ERROR_MESSAGE });
  }
}

/** How long a read started ahead waits for the code that makes it (decision 030); one not taken by then is dropped. */
export const READ_AHEAD_MS = 10_000;
const readsAhead = new Map<string, Promise<Response>>();

/**
 * Starts GET reads before the code that makes them has loaded: at start-up, the first screen's reads go out beside its
 * chunk instead of after it (decision 030). The first `api.get` of the same path within `READ_AHEAD_MS` takes the
 * answer instead of asking again. A failure reaches that reader, as its own call's would.
 */
export function readAhead(paths: readonly string[]): void {
  for (const path of paths) {
    const response = send(path, { method: 'GET', headers: { accept: 'application/json' } });
    response.catch(() => {});
    readsAhead.set(path, response);
    setTimeout(() => readsAhead.get(path) === response && readsAhead.delete(path), READ_AHEAD_MS);
  }
}

function takeReadAhead(path: string): Promise<Response> | undefined {
  const response = readsAhead.get(path);
  readsAhead.delete(path);
  return response;
}

type Body = { json: unknown } | { form: Record<string, string> } | { file: Blob } | undefined;

async function exchange<T>(
  method: string,
  path: string,
  body?: Body,
  signal?: AbortSignal,
  extraHeaders?: Record<string, string>,
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
  let payload: BodyInit | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body && 'form' in body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  } else if (body && 'file' in body) {
    headers['content-type'] = 'application/octet-stream';
    payload = body.file;
  }
  const ahead = method === 'GET' && !signal?.aborted ? takeReadAhead(path) : undefined;
  const response = await (ahead ?? send(path, { method, headers, body: payload, signal }));
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorBody(data) ? data : { code: 'http', message: `The request failed (${response.status}).` },
    );
  }
  return { data: data as T, headers: response.headers };
}

const request = async <T>(...args: Parameters<typeof exchange>) => (await exchange<T>(...args)).data;

/** What `api.call` sends: the entry's body, query and path parameters, typed from the entry, and its options. */
export type CallInput<E extends Endpoint> = InputOf<E, Blob> & {
  signal?: AbortSignal;
} & (E extends { idempotent: true } ? { idempotencyKey?: string } : object);

/** The input may be left out when the entry takes none. */
type CallArgs<E extends Endpoint> = keyof InputOf<E, Blob> extends never ? [input?: CallInput<E>] : [input: CallInput<E>];

function bodyOf(endpoint: Endpoint, body: unknown): Body {
  if (body === undefined || !endpoint.encoding) return undefined;
  if (endpoint.encoding === 'binary') return { file: body as Blob };
  if (endpoint.encoding === 'json') return { json: body };
  const fields = Object.entries(body as Record<string, unknown>).filter(([, value]) => value !== undefined);
  return { form: Object.fromEntries(fields.map(([name, value]) => [name, String(value)])) };
}

function callOnce<E extends Endpoint>(endpoint: E, input: Partial<CallInput<E>> = {}) {
  const { body, params, query, signal, idempotencyKey } = input as Partial<
    Record<'body' | 'params' | 'query', object> & { signal: AbortSignal; idempotencyKey: string }
  >;
  const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined;
  const url = apiUrl(endpoint, { params, query });
  return exchange<ResponseOf<E>>(endpoint.method, url, bodyOf(endpoint, body), signal, headers);
}

export const api = {
  /**
   * Calls an endpoint of the shared table (docs/api.md "The endpoint table") with its typed input: the URL from its
   * path, params and query, the body in its encoding, an `Idempotency-Key` where it takes one. Answers its response.
   */
  call: async <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> =>
    (await callOnce(endpoint, input)).data,
  /** `call`, also answering the response's headers (a header that carries a notice beside the body). */
  callWithHeaders: <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>) => callOnce(endpoint, input),
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string) => request<T>('POST', path),
  /** `headers` adds request headers, such as the `Idempotency-Key` of a create. */
  postJson: <T>(path: string, json: unknown, headers?: Record<string, string>) =>
    request<T>('POST', path, { json }, undefined, headers),
  postForm: <T>(path: string, form: Record<string, string>) => request<T>('POST', path, { form }),
  /** The file itself as the body (`application/octet-stream`). */
  postFile: <T>(path: string, file: Blob) => request<T>('POST', path, { file }),
};
