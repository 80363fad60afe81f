import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { defineEndpoints, shapes, type FileUpload } from '@turtle/shared/endpoints/endpoint';
import type { z } from '@turtle/shared/zod';
import { api, ApiError, readAhead } from './api-client';
import { apiUrl } from './api-url';

// Entries shaped like the shared table's (docs/api.md "The endpoint table"); the types stand in for real schemas.
type Text = z.ZodString;
type Id = z.ZodObject<{ id: Text }>;
const example = defineEndpoints({
  read: { method: 'GET', path: '/api/example/:id', shapes: shapes<{ params: Id; response: { n: number } }>() },
  search: {
    method: 'GET',
    path: '/api/example/search',
    shapes: shapes<{ query: z.ZodObject<{ q: Text; page: z.ZodOptional<z.ZodNumber> }>; response: string[] }>(),
  },
  save: {
    method: 'POST',
    path: '/api/example/save',
    encoding: 'json',
    idempotent: true,
    shapes: shapes<{ body: z.ZodObject<{ name: Text }>; response: { ok: true } }>(),
  },
  login: {
    method: 'POST',
    path: '/api/example/login',
    encoding: 'form',
    shapes: shapes<{ body: z.ZodObject<{ email: Text; ticket: z.ZodOptional<Text> }>; response: object }>(),
  },
  upload: {
    method: 'POST',
    path: '/api/example/upload',
    encoding: 'binary',
    shapes: shapes<{ body: FileUpload; response: { cards: number } }>(),
  },
  ping: { method: 'POST', path: '/api/example/ping', shapes: shapes<{ response: undefined }>() },
});

let fetchMock: Mock<typeof fetch>;
const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The URL and init of the one fetch call made. */
function sent(): [string, RequestInit & { headers: Record<string, string> }] {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  return [url as string, init as RequestInit & { headers: Record<string, string> }];
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('apiUrl', () => {
  it('fills path parameters, encoded, and form-encodes the query in the order given', () => {
    expect(apiUrl(example.read, { params: { id: 'a b/1' } })).toBe('/api/example/a%20b%2F1');
    expect(apiUrl(example.search, { query: { q: 'Europe/Paris', page: 2 } })).toBe(
      '/api/example/search?q=Europe%2FParis&page=2',
    );
  });

  it('leaves out undefined query values, and the question mark when nothing is left', () => {
    expect(apiUrl(example.search, { query: { q: 'x', page: undefined } })).toBe('/api/example/search?q=x');
    expect(apiUrl(example.ping)).toBe('/api/example/ping');
  });
});

describe('api.call', () => {
  it("sends a GET to the entry's URL with the session cookie and answers the parsed body", async () => {
    fetchMock.mockResolvedValue(json({ n: 1 }));
    const controller = new AbortController();
    await expect(api.call(example.read, { params: { id: 'x1' }, signal: controller.signal })).resolves.toEqual({
      n: 1,
    });
    const [url, init] = sent();
    expect(url).toBe('/api/example/x1');
    expect(init).toMatchObject({ method: 'GET', body: undefined, credentials: 'same-origin' });
    expect(init.signal).toBe(controller.signal);
    expect(init.headers).toEqual({ accept: 'application/json' });
  });

  it('sends a JSON body, and the Idempotency-Key of an idempotent entry', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    await api.call(example.save, { body: { name: 'A' }, idempotencyKey: 'k1' });
    const [url, init] = sent();
    expect(url).toBe('/api/example/save');
    expect(init).toMatchObject({ method: 'POST', body: '{"name":"A"}' });
    expect(init.headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'Idempotency-Key': 'k1',
    });
  });

  it('sends a form body urlencoded, leaving out fields that are undefined', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.call(example.login, { body: { email: 'a@b.c p&q', ticket: undefined } });
    const [, init] = sent();
    expect(init.body).toBe('email=a%40b.c+p%26q');
    expect(init.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('sends a file itself as application/octet-stream', async () => {
    fetchMock.mockResolvedValue(json({ cards: 2 }));
    const file = new Blob(['bytes']);
    await expect(api.call(example.upload, { body: file })).resolves.toEqual({ cards: 2 });
    const [, init] = sent();
    expect(init.body).toBe(file);
    expect(init.headers['content-type']).toBe('application/octet-stream');
  });

  it('sends an entry without input with no body and no content-type', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.call(example.ping)).resolves.toBeUndefined();
    const [, init] = sent();
    expect(init.method).toBe('POST');
    expect(init.body).toBeUndefined();
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it("rejects with the server's error body as an ApiError", async () => {
    fetchMock.mockResolvedValue(json({ code: 'notFound', message: 'That note does not exist.' }, 404));
    const error = await api.call(example.read, { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'notFound', message: 'That note does not exist.' });
  });

  it('takes a read started ahead for the same URL (decision 030)', async () => {
    fetchMock.mockResolvedValueOnce(json({ n: 1 }));
    readAhead([apiUrl(example.read, { params: { id: 'x' } })]);
    await expect(api.call(example.read, { params: { id: 'x' } })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('callWithHeaders answers the headers beside the body', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }, 200, { 'turtle-notice': 'hello' }));
    const { data, headers } = await api.callWithHeaders(example.save, { body: { name: 'A' } });
    expect(data).toEqual({ ok: true });
    expect(headers.get('turtle-notice')).toBe('hello');
  });
});

// Never run: the compiler checks that a call the entry does not describe fails to compile (`npm run typecheck`).
export function callsTheEntryRefuses() {
  // @ts-expect-error a field the body schema does not have
  void api.call(example.save, { body: { title: 'A' } });
  // @ts-expect-error the body is missing
  void api.call(example.save, {});
  // @ts-expect-error an Idempotency-Key for an entry that takes none
  void api.call(example.login, { body: { email: 'a' }, idempotencyKey: 'k' });
  // @ts-expect-error the answer is not what the entry says
  const answer: Promise<{ m: number }> = api.call(example.read, { params: { id: 'x' } });
  void answer;
}
