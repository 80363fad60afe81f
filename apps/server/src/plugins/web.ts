import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiUrl } from '../lib/api-path';
import { HttpError } from '../lib/http-error';

/**
 * Serves the built React app: hashed assets cached for a year, `index.html` revalidated every time. The build writes
 * brotli and gzip copies of its text files (decision 020); `preCompressed` sends the one the browser accepts, with
 * `Content-Encoding` and `Vary: Accept-Encoding`, and the file as it is to a browser that accepts neither.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string | undefined): Promise<void> {
  const indexHtml = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  const hasWeb = indexHtml !== undefined && fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir!,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && isPageRequest(request)) return sendApp(reply);
    throw new HttpError(404, 'notFound', `Nothing is at ${request.method} ${request.url.split('?')[0]}.`);
  });
}

/** Folders that only ever hold files: a miss there is a 404, never a page (a long name skips the file route). */
const FILE_PREFIXES = ['/assets/', '/media/'];

/** SPA fallback: any GET for a page (not /api, not a file) gets index.html and the client router decides. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiUrl(request.url)) return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (FILE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  return !path.extname(pathname);
}

function sendApp(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
