import { describe, expect, it } from 'vitest';
import { isApiUrl } from './api-path';

describe('isApiUrl', () => {
  it('is true for /api and everything below it, with or without a query', () => {
    for (const url of ['/api', '/api/', '/api/health', '/api/user/status?x=1', '/api?x=1']) {
      expect(isApiUrl(url), url).toBe(true);
    }
  });

  it('is false for pages, assets and look-alikes', () => {
    for (const url of ['/', '/notes', '/apis', '/api-docs', '/assets/app.js', '/x?next=/api/health']) {
      expect(isApiUrl(url), url).toBe(false);
    }
  });
});
