import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './support/use-test-server';

// A build as Vite's precompress step leaves it (decision 020): each text file with its .br and .gz beside it.
const INDEX_HTML = `<!doctype html><html><head><title>Turtle</title></head><body><div id="root">${'<p>shell</p>'.repeat(50)}</div></body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;
const FONT = Buffer.from('wOF2 not compressible here');

/** Each text file with its .br and .gz beside it, by path. */
function withVariants(file: string, content: string): Record<string, string | Uint8Array> {
  return { [file]: content, [`${file}.br`]: zlib.brotliCompressSync(content), [`${file}.gz`]: zlib.gzipSync(content) };
}

const server = useTestServer({
  webFiles: {
    ...withVariants('index.html', INDEX_HTML),
    ...withVariants('assets/index-Ab12Cd34.js', SCRIPT),
    'assets/inter-Ef56Gh78.woff2': FONT,
  },
});

/** A raw GET (fetch would ask for and undo compression itself), with the body as the bytes on the wire. */
function rawGet(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
  identity: (body) => body,
};

describe('compressed assets', () => {
  const cases = [
    { acceptEncoding: 'gzip, deflate, br, zstd', expected: 'br' },
    { acceptEncoding: 'br', expected: 'br' },
    { acceptEncoding: 'gzip, deflate', expected: 'gzip' },
    { acceptEncoding: 'identity', expected: 'identity' },
    { acceptEncoding: undefined, expected: 'identity' },
  ];

  for (const { acceptEncoding, expected } of cases) {
    it(`sends a script as ${expected} to Accept-Encoding: ${acceptEncoding ?? '(none)'}`, async () => {
      const res = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected === 'identity' ? undefined : expected);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(res.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(decoders[expected]!(res.body).toString()).toBe(SCRIPT);
      if (expected !== 'identity') expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
    });
  }

  it('sends the page for a client route compressed too, as HTML', async () => {
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', 'identity'],
    ] as const) {
      const res = await rawGet(`${server.url}/chats`, acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe(expected === 'identity' ? undefined : expected);
      expect(res.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(decoders[expected]!(res.body).toString()).toBe(INDEX_HTML);
    }
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await rawGet(`${server.url}/assets/inter-Ef56Gh78.woff2`, 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(FONT)).toBe(true);
  });
});

describe('caching', () => {
  it('caches hashed assets for a year as immutable, in every encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const res = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, acceptEncoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the browser revalidate the page every time, at / and on client routes', async () => {
    for (const route of ['/', '/index.html', '/chats', '/learn/1']) {
      for (const acceptEncoding of ['br', 'identity']) {
        const res = await rawGet(`${server.url}${route}`, acceptEncoding);
        expect(res.status, route).toBe(200);
        expect(res.headers['cache-control'], route).toBe('no-cache');
      }
    }
  });
});

describe('content security policy', () => {
  it('allows no eval anywhere: scripts only from our own origin', async () => {
    for (const route of ['/', '/chats', '/assets/index-Ab12Cd34.js', '/api/health']) {
      const res = await rawGet(`${server.url}${route}`, 'br');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('wasm-unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });
});
