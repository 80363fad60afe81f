import type { Endpoint } from '@turtle/shared/endpoints/endpoint';
import type { ApiErrorBody } from '@turtle/shared/errors';
import { IDEMPOTENCY_KEY_HEADER } from '@turtle/shared/idempotency';
import { ApiError, send } from '../api-client';
import { apiUrl } from '../api-url';

/** product.md §8: a stream request that is not ok (or has no body) fails with this, unless the server said why. */
export function streamFailedMessage(status: number): string {
  return `Streaming request failed (${status})`;
}

/** The server's `{ code, message }` answer, when the failed response carries one. */
async function errorBodyOf(response: Response): Promise<ApiErrorBody | undefined> {
  const data = (await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined;
  return typeof data?.message === 'string' && data.message !== ''
    ? { code: typeof data.code === 'string' ? data.code : 'http', message: data.message }
    : undefined;
}

/**
 * Starts product.md §7's stream: POSTs `body` as JSON to a stream entry of the endpoint table (with its
 * `Idempotency-Key`, when given) with the session cookie and answers the response body to read with
 * `readChatStream`. A response that is not ok or has no body rejects with an `ApiError` whose message is the
 * server's (for example the daily limit's 429), else "Streaming request failed (status)". An abort rejects with
 * the `AbortError` itself.
 */
export async function postChatStream(
  endpoint: Endpoint,
  body: unknown,
  signal: AbortSignal,
  idempotencyKey?: string,
): Promise<ReadableStream<Uint8Array>> {
  const headers: Record<string, string> = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {};
  const response = await send(apiUrl(endpoint), {
    method: 'POST',
    headers: { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (response.ok && response.body) return response.body;
  const serverSaid = response.ok ? undefined : await errorBodyOf(response);
  throw new ApiError(response.status, serverSaid ?? { code: 'http', message: streamFailedMessage(response.status) });
}
