import { describe, it, expect } from 'vitest';
import { HttpError } from '../lib/http-error';
import { toErrorBody } from './errors';

const INTERNAL = { code: 'internal', message: 'Something went wrong on our side. Please try again.' };

/** An error shaped like the ones Fastify throws: a message plus `statusCode` and `code`. */
function fastifyError(statusCode: number, code?: string, message = 'raw fastify detail'): Error {
  return Object.assign(new Error(message), { statusCode, code });
}

describe('toErrorBody', () => {
  it('keeps the status, code and message of an HttpError', () => {
    expect(toErrorBody(new HttpError(404, 'notFound', 'That note was not found.'))).toEqual({
      status: 404,
      body: { code: 'notFound', message: 'That note was not found.' },
    });
  });

  it('keeps the field of an HttpError and leaves it out when there is none', () => {
    const withField = toErrorBody(new HttpError(400, 'validation', 'Name is too short.', 'name'));
    expect(withField).toEqual({
      status: 400,
      body: { code: 'validation', message: 'Name is too short.', field: 'name' },
    });
    expect(toErrorBody(new HttpError(409, 'conflict', 'Taken.')).body).not.toHaveProperty('field');
  });

  it.each([
    [400, 'FST_ERR_CTP_INVALID_JSON_BODY', 'badRequest', 'The request body is not valid JSON.'],
    [400, 'FST_ERR_CTP_EMPTY_JSON_BODY', 'badRequest', 'The request body is empty; JSON was expected.'],
    [413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'payloadTooLarge', 'The request body is too large.'],
    [415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'unsupportedMediaType', 'That content type is not accepted here.'],
  ])('turns a %i %s parser error into %s with a readable message', (status, fstCode, code, message) => {
    expect(toErrorBody(fastifyError(status, fstCode))).toEqual({ status, body: { code, message } });
  });

  it('uses the status message for a 4xx error without a known parser code', () => {
    expect(toErrorBody(fastifyError(405, 'FST_SOMETHING_ELSE'))).toEqual({
      status: 405,
      body: { code: 'methodNotAllowed', message: 'That method is not allowed here.' },
    });
    expect(toErrorBody(fastifyError(429))).toEqual({
      status: 429,
      body: { code: 'rateLimited', message: 'Too many requests. Please wait a moment and try again.' },
    });
  });

  it('treats a 400 SyntaxError as invalid JSON', () => {
    const error = Object.assign(new SyntaxError('Unexpected token } in JSON'), { statusCode: 400 });
    expect(toErrorBody(error)).toEqual({
      status: 400,
      body: { code: 'badRequest', message: 'The request body is not valid JSON.' },
    });
  });

  it('hides a plain Error behind a generic 500', () => {
    const result = toErrorBody(new Error('password=hunter2 leaked from the database driver'));
    expect(result).toEqual({ status: 500, body: INTERNAL });
    expect(JSON.stringify(result)).not.toContain('hunter2');
  });

  it.each([500, 502, 503])('hides any %i error behind a generic 500 without its message', (status) => {
    const result = toErrorBody(fastifyError(status, 'FST_ERR_CTP_BODY_TOO_LARGE', 'secret internals'));
    expect(result).toEqual({ status: 500, body: INTERNAL });
    expect(JSON.stringify(result)).not.toContain('secret internals');
  });

  // architecture.md "Requests": @fastify/static's 416 for `Range: bytes=99999999-` became a 500.
  it('keeps a 416 as a 416, and any other 4xx it has no message for with the 400 words', () => {
    expect(toErrorBody(fastifyError(416))).toEqual({
      status: 416,
      body: { code: 'rangeNotSatisfiable', message: 'That byte range is outside the file.' },
    });
    expect(toErrorBody(fastifyError(418, undefined, 'teapot detail'))).toEqual({
      status: 418,
      body: { code: 'badRequest', message: 'The request is malformed.' },
    });
  });

  // architecture.md "Requests": what the database refuses is not a 500.
  it('answers 507 when the disk is full, from PostgreSQL, the OS or PGlite', () => {
    const diskFull = { status: 507, body: expect.objectContaining({ code: 'insufficientStorage' }) };
    const fromPostgres = new Error('Failed query: insert …', {
      cause: Object.assign(new Error('x'), { code: '53100' }),
    });
    expect(toErrorBody(fromPostgres)).toEqual(diskFull);
    expect(toErrorBody(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toEqual(diskFull);
    expect(toErrorBody(new Error('Aborted(). Build with -sASSERTIONS for more info.'))).toEqual(diskFull);
    // PGlite's file system throws Emscripten's ErrnoError, not an Error; 51 is Emscripten's ENOSPC.
    const emscriptenNoSpace = { name: 'ErrnoError', errno: 51 } as unknown as Error;
    expect(toErrorBody(emscriptenNoSpace)).toEqual(diskFull);
    expect(toErrorBody(new Error('Failed query: insert …', { cause: emscriptenNoSpace }))).toEqual(diskFull);
  });

  it('answers 400 when the database cannot store a character of the text (NUL)', () => {
    const encoding = new Error('Failed query: …', {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
    expect(toErrorBody(encoding)).toEqual({ status: 400, body: expect.objectContaining({ code: 'badRequest' }) });
  });
});
