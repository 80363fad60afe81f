import { afterEach, beforeEach, describe, it, expect, vi, type Mock } from 'vitest';
import { defineEndpoints, shapes, type FileUpload } from '@turtle/shared/endpoints/endpoint';
import type { z } from '@turtle/shared/zod';
import { api, ApiError } from './api-client';

// Entries shaped like the shared table's (docs/api.md "The endpoint table"); zod types stand in for real schemas.
type Text = z.ZodString;
const example = defineEndpoints({
  health: { method: 'GET', path: '/api/health', shapes: shapes<{ response: { status: string } }>() },
  user: { method: 'GET', path: '/api/user', shapes: shapes<{ response: object }>() },
  notes: {
    method: 'POST',
    path: '/api/notes',
    encoding: 'json',
    shapes: shapes<{ body: z.ZodObject<{ name?: Text; tags?: z.ZodArray<z.ZodNumber> }>; response: object }>(),
  },
  save: {
    method: 'POST',
    path: '/api/note/save',
    encoding: 'json',
    idempotent: true,
    shapes: shapes<{ body: z.ZodObject<{ note: z.ZodObject<Record<string, z.ZodType>> }>; response: object }>(),
  },
  upload: {
    method: 'POST',
    path: '/api/cards/import/apkg',
    encoding: 'binary',
    shapes: shapes<{ body: FileUpload; response: { cards: number } }>(),
  },
  login: {
    method: 'POST',
    path: '/api/login',
    encoding: 'form',
    shapes: shapes<{
      body: z.ZodObject<{ email: Text; password: Text; ticket?: z.ZodOptional<Text> }>;
      response: object;
    }>(),
  },
  logout: { method: 'POST', path: '/api/logout', shapes: shapes<{ response: undefined }>() },
  undo: { method: 'POST', path: '/api/undo', encoding: 'json', shapes: shapes<{ response: object }>() },
  read: {
    method: 'GET',
    path: '/api/read/:id',
    shapes: shapes<{ params: z.ZodObject<{ id: Text }>; response: object }>(),
  },
});

let fetchMock: Mock<typeof fetch>;

function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The init object of the one fetch call made. */
function sent(): RequestInit & { headers: Record<string, string> } {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  return fetchMock.mock.calls[0]![1] as RequestInit & { headers: Record<string, string> };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client requests', () => {
  it('a GET entry returns the parsed JSON body', async () => {
    fetchMock.mockResolvedValue(json({ status: 'ok' }));
    await expect(api.call(example.health)).resolves.toEqual({ status: 'ok' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/health');
    expect(sent()).toMatchObject({ method: 'GET', body: undefined, credentials: 'same-origin' });
    expect(sent().headers).toEqual({ accept: 'application/json' });
  });

  it('a GET entry passes the abort signal on, and fills its path parameters', async () => {
    fetchMock.mockResolvedValue(json({}));
    const controller = new AbortController();
    await api.call(example.read, { params: { id: 'x 1' }, signal: controller.signal });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/read/x%201');
    expect(sent().signal).toBe(controller.signal);
  });

  it('a JSON entry sends its body with content-type application/json', async () => {
    fetchMock.mockResolvedValue(json({ id: 'n1' }));
    await expect(api.call(example.notes, { body: { name: 'A', tags: [1] } })).resolves.toEqual({ id: 'n1' });
    expect(sent()).toMatchObject({ method: 'POST', body: '{"name":"A","tags":[1]}' });
    expect(sent().headers['content-type']).toBe('application/json');
  });

  it('a JSON entry that takes no body sends an empty JSON object, as its route reads JSON', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.call(example.undo);
    expect(sent().body).toBe('{}');
    expect(sent().headers['content-type']).toBe('application/json');
  });

  it('a binary entry sends the file itself as application/octet-stream', async () => {
    fetchMock.mockResolvedValue(json({ cards: 2 }));
    const file = new Blob(['bytes']);
    await expect(api.call(example.upload, { body: file })).resolves.toEqual({ cards: 2 });
    expect(sent()).toMatchObject({ method: 'POST', body: file, credentials: 'same-origin' });
    expect(sent().headers['content-type']).toBe('application/octet-stream');
  });

  it('an idempotent entry sends the Idempotency-Key it is given', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.call(example.save, { body: { note: {} }, idempotencyKey: 'k1' });
    expect(sent().headers).toMatchObject({ 'Idempotency-Key': 'k1', 'content-type': 'application/json' });
  });

  it('a form entry sends the fields urlencoded, leaving out those that are undefined', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.call(example.login, { body: { email: 'a@b.c', password: 'p w&d', ticket: undefined } });
    expect(sent()).toMatchObject({ method: 'POST', body: 'email=a%40b.c&password=p+w%26d' });
    expect(sent().headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('an entry without a body sends no body and no content-type', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.call(example.logout)).resolves.toBeUndefined();
    expect(sent().method).toBe('POST');
    expect(sent().body).toBeUndefined();
    expect(sent().headers).not.toHaveProperty('content-type');
  });

  it('callWithHeaders answers the headers beside the body', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }, 200, { 'turtle-notice': 'hello' }));
    const { data, headers } = await api.callWithHeaders(example.notes, { body: { name: 'A' } });
    expect(data).toEqual({ ok: true });
    expect(headers.get('turtle-notice')).toBe('hello');
  });
});

describe('api client failures', () => {
  it('rejects with an ApiError carrying the status, code and message of an error body', async () => {
    fetchMock.mockResolvedValue(json({ code: 'emailNotFound', message: 'No account uses that email.' }, 404));
    const error = await rejection(api.call(example.user));
    expect(error.status).toBe(404);
    expect(error.code).toBe('emailNotFound');
    expect(error.message).toBe('No account uses that email.');
  });

  it('rejects with code http when the failed answer has no error body', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    const error = await rejection(api.call(example.user));
    expect(error.status).toBe(502);
    expect(error.code).toBe('http');
    expect(error.message).toBe('The request failed (502).');
  });

  it('rejects with code http when the JSON body lacks a message', async () => {
    fetchMock.mockResolvedValue(json({ code: 'x' }, 500));
    const error = await rejection(api.call(example.user));
    expect(error.body).toEqual({ code: 'http', message: 'The request failed (500).' });
  });

  it('rejects with code network when fetch itself fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(api.call(example.notes, { body: {} }));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
    expect(error.message).toBe('Cannot reach Turtle. Check your connection and try again.');
  });

  it('re-throws an AbortError as it is', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(api.call(example.user)).rejects.toBe(abort);
  });
});

// Never run: the compiler checks that a call the entry does not describe fails to compile (`npm run typecheck`).
export function callsTheEntryRefuses() {
  // @ts-expect-error a field the body schema does not have
  void api.call(example.login, { body: { email: 'a', password: 'b', remember: true } });
  // @ts-expect-error the body is missing
  void api.call(example.login, {});
  // @ts-expect-error an Idempotency-Key for an entry that takes none
  void api.call(example.notes, { body: {}, idempotencyKey: 'k' });
  // @ts-expect-error the answer is not what the entry says
  const answer: Promise<{ status: number }> = api.call(example.health);
  void answer;
}
