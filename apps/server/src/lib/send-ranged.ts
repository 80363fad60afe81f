import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRange, type ByteRange } from './byte-range';
import { HttpError } from './http-error';

/** A private file served to its owner: its size, validator, type, caching, and how to read all of it or a range. */
export interface RangedFile {
  size: number;
  /** Quoted, as the `ETag` header carries it. */
  etag: string;
  contentType: string;
  cacheControl: string;
  /** "file" or "audio": the 416 message says which. */
  noun: string;
  read(range?: ByteRange): Promise<Buffer | Uint8Array | Readable>;
}

/**
 * Serves an owner's file where no script may run (nosniff, a sandbox CSP) with RFC 9110 ranges (seeking needs them):
 * 304 for a matching `If-None-Match`, 206 for one range (a range for another version gets the whole file), 416 for one
 * past the end. Card media and own lessons' audio (docs/security.md 7d.5, docs/decisions/046-own-lessons.md).
 */
export async function sendRanged(request: FastifyRequest, reply: FastifyReply, file: RangedFile) {
  const { size, etag } = file;
  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, size) : undefined;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new HttpError(416, 'rangeNotSatisfiable', `That byte range starts past the end of the ${file.noun}.`);
  }
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('content-disposition', 'inline')
    .header('accept-ranges', 'bytes')
    .header('cache-control', file.cacheControl)
    .header('etag', etag)
    .type(file.contentType);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  if (!range) return reply.header('content-length', size).send(await file.read());
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await file.read(range));
}
