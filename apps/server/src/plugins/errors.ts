import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@turtle/shared/errors';
import { isDiskFull, isUnstorableText } from '../lib/error-code';
import { HttpError } from '../lib/http-error';

const MESSAGES_BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'badRequest', message: 'The request is malformed.' },
  401: { code: 'unauthorized', message: 'Please log in to continue.' },
  403: { code: 'forbidden', message: 'You are not allowed to do that.' },
  404: { code: 'notFound', message: 'Not found.' },
  405: { code: 'methodNotAllowed', message: 'That method is not allowed here.' },
  413: { code: 'payloadTooLarge', message: 'The request body is too large.' },
  415: { code: 'unsupportedMediaType', message: 'That content type is not accepted here.' },
  416: { code: 'rangeNotSatisfiable', message: 'That byte range is outside the file.' },
  429: { code: 'rateLimited', message: 'Too many requests. Please wait a moment and try again.' },
};

const INVALID_JSON = 'The request body is not valid JSON.';

const INTERNAL: ApiErrorBody = {
  code: 'internal',
  message: 'Something went wrong on our side. Please try again.',
};

/** Fastify's 400s from the JSON parser, more precise than "malformed"; its 413 and 415 use the table above. */
const PARSER_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; JSON was expected.',
  FST_ERR_CTP_INVALID_JSON_BODY: INVALID_JSON,
};

/** The database refused to write: the disk is full (507), or the text holds a character it cannot store (400). */
const DISK_FULL: ApiErrorBody = {
  code: 'insufficientStorage',
  message: "The server's disk is full, so this was not saved. Please try again later.",
};
const UNSTORABLE_TEXT: ApiErrorBody = {
  code: 'badRequest',
  message: 'The text contains a character that cannot be stored (such as NUL). Remove it and try again.',
};

export function toErrorBody(error: FastifyError | Error): { status: number; body: ApiErrorBody } {
  if (error instanceof HttpError) {
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (error.field) body.field = error.field;
    return { status: error.status, body };
  }
  if (isDiskFull(error)) return { status: 507, body: DISK_FULL };
  if (isUnstorableText(error)) return { status: 400, body: UNSTORABLE_TEXT };
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 500) return { status: 500, body: INTERNAL };
  // A 4xx from Fastify or a plugin that the table does not name keeps its status, with the 400's words.
  const known = MESSAGES_BY_STATUS[status] ?? (status >= 400 ? MESSAGES_BY_STATUS[400]! : undefined);
  if (!known) return { status: 500, body: INTERNAL };
  const code = (error as FastifyError).code;
  const isSyntax = error instanceof SyntaxError;
  const message = (code && PARSER_MESSAGES[code]) ?? (isSyntax ? INVALID_JSON : known.message);
  return { status, body: { code: known.code, message } };
}

/** The one place errors become responses. 5xx details stay in the log, never in the body. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorBody(error);
    // @fastify/send's 416 names the file's size: `Content-Range: bytes */size` (RFC 9110 15.5.17).
    const contentRange = (error as { headers?: Record<string, unknown> }).headers?.['Content-Range'];
    if (status === 416 && typeof contentRange === 'string') reply.header('content-range', contentRange);
    // Our own 5xx (shutting down, a provider or the disk unavailable) are expected answers, not failures to trace.
    if (status >= 500 && body.code === 'internal') request.log.error({ err: error }, 'request failed');
    else request.log[status >= 500 ? 'warn' : 'info']({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
}
