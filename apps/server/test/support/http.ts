export interface CallOptions {
  method?: string;
  json?: unknown;
  /** Sent form-encoded, as the login and signup forms send. */
  form?: Record<string, string>;
  body?: string | Uint8Array;
  contentType?: string;
  cookie?: string;
  /** Defaults to the server's own origin for state-changing calls; `null` sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A fetch that behaves like our browser client: same-origin `Origin` on writes unless told otherwise. */
export async function call(baseUrl: string, path: string, options: CallOptions = {}) {
  const hasBody = options.json !== undefined || options.body !== undefined || options.form !== undefined;
  const method = options.method ?? (hasBody ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  }
  if (options.form !== undefined) {
    body = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.cookie) headers.cookie = options.cookie.includes('=') ? options.cookie : `sid=${options.cookie}`;
  const origin = options.origin === undefined && method !== 'GET' && method !== 'HEAD' ? baseUrl : options.origin;
  if (origin) headers.origin = origin;
  const response = await fetch(baseUrl + path, {
    method,
    headers,
    body: body as RequestInit['body'],
    redirect: 'manual',
  });
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  return { status: response.status, headers: response.headers, data, text };
}

/** The `sid` value a response set, or undefined. */
export function sessionCookieFrom(headers: Headers): string | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  const value = line?.split(';')[0]!.slice('sid='.length);
  return value || undefined;
}
