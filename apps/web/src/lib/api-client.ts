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
 * chunk instead of after it (decision 030). The first GET `api.call` of the same URL (`apiUrl`) within `READ_AHEAD_MS`
 * takes the answer instead of asking again. A failure reaches that reader, as its own call's would.
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

/** What `api.call` sends: the entry's body, query and path parameters, typed from the entry, and its options. */
export type CallInput<E extends Endpoint> = InputOf<E, Blob> & {
  signal?: AbortSignal;
} & (E extends { idempotent: true } ? { idempotencyKey?: string } : object);

/** The input may be left out when the entry takes none. */
type CallArgs<E extends Endpoint> = keyof InputOf<E, Blob> extends never
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

/** The body in the entry's encoding, with its content type; a JSON entry that takes no body (an undo) sends `{}`. */
function payloadOf(endpoint: Endpoint, body: unknown): { type?: string; payload?: BodyInit } {
  if (endpoint.encoding === 'json') return { type: 'application/json', payload: JSON.stringify(body ?? {}) };
  if (body === undefined || !endpoint.encoding) return {};
  if (endpoint.encoding === 'binary') return { type: 'application/octet-stream', payload: body as Blob };
  const fields = Object.entries(body as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const form = new URLSearchParams(fields.map(([name, value]) => [name, String(value)]));
  return { type: 'application/x-www-form-urlencoded', payload: form.toString() };
}

async function exchange<E extends Endpoint>(
  endpoint: E,
  input: Partial<CallInput<E>> = {},
): Promise<{ data: ResponseOf<E>; headers: Headers }> {
  const { body, params, query, signal, idempotencyKey } = input as Partial<
    Record<'body' | 'params' | 'query', object> & { signal: AbortSignal; idempotencyKey: string }
  >;
  const url = apiUrl(endpoint, { params, query });
  const { type, payload } = payloadOf(endpoint, body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
  if (type) headers['content-type'] = type;
  const ahead = endpoint.method === 'GET' && !signal?.aborted ? takeReadAhead(url) : undefined;
  const response = await (ahead ?? send(url, { method: endpoint.method, headers, body: payload, signal }));
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorBody(data) ? data : { code: 'http', message: `The request failed (${response.status}).` },
    );
  }
  return { data: data as ResponseOf<E>, headers: response.headers };
}

export const api = {
  /**
   * Calls an endpoint of the shared table (docs/api.md "The endpoint table") with its typed input: the URL from its
   * path, params and query, the body in its encoding, an `Idempotency-Key` where it takes one, the session cookie.
   * Answers its response; a failure is an `ApiError` with the server's `{ code, message }`.
   */
  call: async <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> =>
    (await exchange(endpoint, input)).data,
  /** `call`, also answering the response's headers (a header that carries a notice beside the body). */
  callWithHeaders: <E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>) => exchange(endpoint, input),
};
