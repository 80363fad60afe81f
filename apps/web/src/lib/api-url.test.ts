import { describe, expect, it } from 'vitest';
import { defineEndpoints, shapes } from '@turtle/shared/endpoints/endpoint';
import type { z } from '@turtle/shared/zod';
import { apiUrl } from './api-url';

const example = defineEndpoints({
  read: { method: 'GET', path: '/api/example/:id', shapes: shapes<{ params: z.ZodObject<{ id: z.ZodString }> }>() },
  search: {
    method: 'GET',
    path: '/api/example/search',
    shapes: shapes<{ query: z.ZodObject<Record<string, z.ZodType>> }>(),
  },
  ping: { method: 'POST', path: '/api/example/ping' },
});

describe('apiUrl', () => {
  it('fills path parameters, encoded', () => {
    expect(apiUrl(example.read, { params: { id: 'a b/1' } })).toBe('/api/example/a%20b%2F1');
  });

  it('form-encodes the query in the order given, as URLSearchParams does', () => {
    expect(apiUrl(example.search, { query: { q: 'Europe/Paris', page: 2, ahead: '1' } })).toBe(
      '/api/example/search?q=Europe%2FParis&page=2&ahead=1',
    );
  });

  it('leaves out undefined query values, and the question mark when nothing is left', () => {
    expect(apiUrl(example.search, { query: { q: 'x', page: undefined } })).toBe('/api/example/search?q=x');
    expect(apiUrl(example.search, { query: {} })).toBe('/api/example/search');
    expect(apiUrl(example.ping)).toBe('/api/example/ping');
  });
});
