import type { IncomingMessage } from 'node:http';

/** Query parameters that carry one-time secrets (the OIDC callback's `code` and `state`, a sign-in ticket). */
const SECRET_QUERY_PARAMS = new Set(['code', 'state', 'ticket', 'token', 'id_token', 'access_token', 'refresh_token']);
/** Error fields that say what failed without quoting any value (PostgreSQL's `detail` quotes the row: left out). */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
];
const MAX_MESSAGE_LENGTH = 500;
const MAX_CAUSES = 4;

/** A request URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_PARAMS.has(key.toLowerCase())) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params.toString()}` : url;
}

const SECRET_PAIR = new RegExp(`(^|[?&\\s"'])(${[...SECRET_QUERY_PARAMS].join('|')})=[^&\\s"']*`, 'gi');

/** Any text with the values of `name=value` pairs of secret parameters replaced (a query string inside a message). */
export function redactText(text: string): string {
  return text.replace(SECRET_PAIR, '$1$2=[redacted]');
}

/** Fastify's request line, with secret query parameters redacted. */
export function serializeRequest(request: IncomingMessage & { hostname?: string; ip?: string; host?: string }) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host ?? request.headers.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * An error for the log without any value from a query: Drizzle's "Failed query" errors carry the parameters (an
 * email, a password hash, a whole note) in their message, stack and `params`, and PostgreSQL's `detail` quotes the
 * row. Only an allowlist of fields is kept; the message of a failed query is its SQL text. Messages lose the values
 * of secret parameters: openid-client's refusal of a callback has the callback's query (its `state`) as its cause.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: truncate(redactText(String(error))) };
  const query = (error as { query?: unknown }).query;
  const message = truncate(typeof query === 'string' ? `Failed query: ${query}` : redactText(error.message));
  const type = error.constructor?.name ?? error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error instanceof AggregateError && depth < MAX_CAUSES) {
    out.errors = error.errors.slice(0, 5).map((inner: unknown) => serializeError(inner, depth + 1));
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function truncate(text: string): string {
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}
