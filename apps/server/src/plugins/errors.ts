import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@turtle/shared/errors';
import { HttpError } from '../lib/http-error';

const MESSAGES_BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'badRequest', message: 'The request is malformed.' },
  401: { code: 'unauthorized', message: 'Please log in to continue.' },
  403: { code: 'forbidden', message: 'You are not allowed to do that.' },
  404: { code: 'notFound', message: 'Not found.' },
  405: { code: 'methodNotAllowed', message: 'That method is not allowed here.' },
  413: { code: 'payloadTooLarge', message: 'The request body is too large.' },
  415: { code: 'unsupportedMediaType', message: 'That content type is not accepted here.' },
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

export function toErrorBody(error: FastifyError | Error): { status: number; body: ApiErrorBody } {
  if (error instanceof HttpError) {
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (error.field) body.field = error.field;
    return { status: error.status, body };
  }
  const status = (error as FastifyError).statusCode ?? 500;
  const known = MESSAGES_BY_STATUS[status];
  if (status >= 500 || !known) return { status: 500, body: INTERNAL };
  const code = (error as FastifyError).code;
  const isSyntax = error instanceof SyntaxError;
  const message = (code && PARSER_MESSAGES[code]) ?? (isSyntax ? INVALID_JSON : known.message);
  return { status, body: { code: known.code, message } };
}

/** The one place errors become responses. 5xx details stay in the log, never in the body. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toErrorBody(error);
    // Our own 5xx (shutting down, a provider or the disk unavailable) are expected answers, not failures to trace.
    if (status >= 500 && !(error instanceof HttpError)) request.log.error({ err: error }, 'request failed');
    else request.log[status >= 500 ? 'warn' : 'info']({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });
}
