import type { FastifyRequest } from 'fastify';
import { describe, it, expect } from 'vitest';
import { isSameOrigin } from './same-origin';

/** Only the parts of a FastifyRequest that isSameOrigin reads. */
function request(headers: Record<string, string>, protocol = 'http', host = 'localhost:3000'): FastifyRequest {
  return { headers, protocol, host } as unknown as FastifyRequest;
}

describe('isSameOrigin', () => {
  it('accepts an Origin equal to the request origin', () => {
    expect(isSameOrigin(request({ origin: 'http://localhost:3000' }), undefined)).toBe(true);
  });

  it('refuses a foreign Origin', () => {
    expect(isSameOrigin(request({ origin: 'https://evil.example' }), undefined)).toBe(false);
    expect(isSameOrigin(request({ origin: 'http://localhost:3001' }), undefined)).toBe(false);
  });

  it('refuses an Origin that differs only by http versus https', () => {
    expect(isSameOrigin(request({ origin: 'https://localhost:3000' }), undefined)).toBe(false);
    expect(isSameOrigin(request({ origin: 'http://localhost:3000' }, 'https'), undefined)).toBe(false);
  });

  it('compares Origin with the PUBLIC_URL origin and ignores the request host when one is configured', () => {
    const publicOrigin = 'https://turtle.example.com';
    expect(isSameOrigin(request({ origin: 'https://turtle.example.com' }, 'http', 'internal:3000'), publicOrigin)).toBe(
      true,
    );
    expect(isSameOrigin(request({ origin: 'http://internal:3000' }, 'http', 'internal:3000'), publicOrigin)).toBe(
      false,
    );
  });

  it.each(['cross-site', 'same-site', 'none'])('refuses sec-fetch-site: %s even with a matching Origin', (site) => {
    expect(isSameOrigin(request({ 'sec-fetch-site': site }), undefined)).toBe(false);
    expect(isSameOrigin(request({ 'sec-fetch-site': site, origin: 'http://localhost:3000' }), undefined)).toBe(false);
  });

  it('accepts sec-fetch-site: same-origin without an Origin header, even with a cookie', () => {
    expect(isSameOrigin(request({ 'sec-fetch-site': 'same-origin', cookie: 'sid=abc' }), undefined)).toBe(true);
  });

  it('still checks Origin when sec-fetch-site says same-origin', () => {
    expect(isSameOrigin(request({ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }), undefined)).toBe(
      false,
    );
  });

  it('accepts a request with neither header and no cookie', () => {
    expect(isSameOrigin(request({}), undefined)).toBe(true);
  });

  it('refuses a request with neither header that carries a cookie', () => {
    expect(isSameOrigin(request({ cookie: 'sid=abc' }), undefined)).toBe(false);
  });
});
