import { describe, expect, it } from 'vitest';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer({
  webFiles: { 'index.html': '<!doctype html><div id="root"></div>', 'assets/app-abc123.js': 'console.log(1)' },
});

describe('health', () => {
  it('answers ok after checking the database', async () => {
    const res = await call(server.url, '/api/health');
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ status: 'ok', database: 'ok', redis: 'off' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('errors are JSON { code, message }', () => {
  it('answers an unknown /api path with a 404 JSON, not the app page', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await call(server.url, '/api/does-not-exist', { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.data).toEqual({ code: 'notFound', message: `Nothing is at ${method} /api/does-not-exist.` });
    }
  });

  it('answers malformed JSON with 400 badRequest', async () => {
    const res = await call(server.url, '/api/user/logout', { body: '{"note": ', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ code: 'badRequest', message: 'The request body is not valid JSON.' });
  });

  it('answers an empty JSON body with 400 badRequest', async () => {
    const res = await call(server.url, '/api/user/logout', { body: '', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ code: 'badRequest' });
  });

  it('answers a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024) });
    const res = await call(server.url, '/api/user/logout', { body: big, contentType: 'application/json' });
    expect(res.status).toBe(413);
    expect(res.data).toEqual({ code: 'payloadTooLarge', message: 'The request body is too large.' });
  });

  it('answers a form body over 1 MB with 413', async () => {
    const big = `text=${'x'.repeat(1024 * 1024)}`;
    const res = await call(server.url, '/api/user/logout', {
      body: big,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(413);
  });

  it('answers a content type it does not read with 415', async () => {
    const res = await call(server.url, '/api/user/logout', { body: '{}', contentType: 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.data).toEqual({ code: 'unsupportedMediaType', message: 'That content type is not accepted here.' });
  });

  it('never sends a stack trace', async () => {
    const res = await call(server.url, '/api/user/logout', { body: '{bad', contentType: 'application/json' });
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(Object.keys(res.data as object).sort()).toEqual(['code', 'message']);
  });
});

describe('same-origin check on state-changing requests', () => {
  it('refuses a foreign Origin with 403', async () => {
    const res = await call(server.url, '/api/user/logout', { method: 'POST', origin: 'https://evil.test' });
    expect(res.status).toBe(403);
    expect(res.data).toMatchObject({ code: 'forbidden' });
  });

  it('refuses Sec-Fetch-Site: cross-site and same-site with 403', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await call(server.url, '/api/user/logout', {
        method: 'POST',
        origin: null,
        headers: { 'sec-fetch-site': site },
      });
      expect(res.status).toBe(403);
    }
  });

  it('accepts our own Origin, and Sec-Fetch-Site: same-origin without an Origin', async () => {
    expect((await call(server.url, '/api/user/logout', { method: 'POST' })).status).toBe(200);
    const res = await call(server.url, '/api/user/logout', {
      method: 'POST',
      origin: null,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a cookie-carrying write that names no origin at all', async () => {
    const res = await call(server.url, '/api/user/logout', { method: 'POST', origin: null, cookie: 'anything' });
    expect(res.status).toBe(403);
  });

  it('accepts a write from a non-browser client with no cookie and no origin headers', async () => {
    const res = await call(server.url, '/api/user/logout', { method: 'POST', origin: null });
    expect(res.status).toBe(200);
  });

  it('does not check safe methods', async () => {
    const res = await call(server.url, '/api/health', { origin: 'https://evil.test' });
    expect(res.status).toBe(200);
  });
});

describe('security headers', () => {
  it('sends the CSP and the other headers on pages and API answers', async () => {
    for (const route of ['/', '/api/health']) {
      const res = await call(server.url, route);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("img-src 'self' data:");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('gives every answer a request id, keeping a well-formed incoming one', async () => {
    const own = await call(server.url, '/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(own.headers.get('x-request-id')).toBe('trace-123');
    const bad = await call(server.url, '/api/health', { headers: { 'x-request-id': 'bad id\twith tabs' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('serving the app', () => {
  it('serves index.html for client routes, revalidated on every visit', async () => {
    for (const route of ['/', '/notes', '/note/abc', '/learn/1', '/anything/unknown']) {
      const res = await call(server.url, route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.text).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await call(server.url, '/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file with 404, not the app page', async () => {
    const res = await call(server.url, '/assets/missing.js');
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({ code: 'notFound' });
  });

  it('exposes only the public configuration', async () => {
    const res = await call(server.url, '/api/config');
    expect(res.data).toEqual({
      supportEmail: 'support@example.com',
      signInProvider: 'Dev Sign-in',
      assistant: 'offline',
      // No model configured: the offline assistant is the one "model" served.
      models: ['offline'],
      payments: 'demo',
    });
  });
});
