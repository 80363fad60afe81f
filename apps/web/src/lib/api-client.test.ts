import { afterEach, beforeEach, describe, it, expect, vi, type Mock } from 'vitest';
import { api, ApiError } from './api-client';

let fetchMock: Mock<typeof fetch>;

function json(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
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
  it('GET returns the parsed JSON body', async () => {
    fetchMock.mockResolvedValue(json({ status: 'ok' }));
    await expect(api.get('/api/health')).resolves.toEqual({ status: 'ok' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/health');
    expect(sent()).toMatchObject({ method: 'GET', body: undefined, credentials: 'same-origin' });
    expect(sent().headers).toEqual({ accept: 'application/json' });
  });

  it('GET passes the abort signal on', async () => {
    fetchMock.mockResolvedValue(json({}));
    const controller = new AbortController();
    await api.get('/api/x', controller.signal);
    expect(sent().signal).toBe(controller.signal);
  });

  it('postJson sends the JSON body with content-type application/json', async () => {
    fetchMock.mockResolvedValue(json({ id: 'n1' }));
    await expect(api.postJson('/api/notes', { name: 'A', tags: [1] })).resolves.toEqual({ id: 'n1' });
    expect(sent()).toMatchObject({ method: 'POST', body: '{"name":"A","tags":[1]}' });
    expect(sent().headers['content-type']).toBe('application/json');
  });

  it('postFile sends the file itself as application/octet-stream', async () => {
    fetchMock.mockResolvedValue(json({ cards: 2 }));
    const file = new Blob(['bytes']);
    await expect(api.postFile('/api/cards/import/apkg', file)).resolves.toEqual({ cards: 2 });
    expect(sent()).toMatchObject({ method: 'POST', body: file, credentials: 'same-origin' });
    expect(sent().headers['content-type']).toBe('application/octet-stream');
  });

  it('postJson adds the headers it is given, such as an Idempotency-Key', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.postJson('/api/note/save', { note: {} }, { 'Idempotency-Key': 'k1' });
    expect(sent().headers).toMatchObject({ 'Idempotency-Key': 'k1', 'content-type': 'application/json' });
  });

  it('postForm sends the fields urlencoded', async () => {
    fetchMock.mockResolvedValue(json({}));
    await api.postForm('/api/login', { email: 'a@b.c', password: 'p w&d' });
    expect(sent()).toMatchObject({ method: 'POST', body: 'email=a%40b.c&password=p+w%26d' });
    expect(sent().headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('post sends no body and no content-type', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.post('/api/logout')).resolves.toBeUndefined();
    expect(sent().method).toBe('POST');
    expect(sent().body).toBeUndefined();
    expect(sent().headers).not.toHaveProperty('content-type');
  });
});

describe('api client failures', () => {
  it('rejects with an ApiError carrying the status, code and message of an error body', async () => {
    fetchMock.mockResolvedValue(json({ code: 'emailNotFound', message: 'No account uses that email.' }, 404));
    const error = await rejection(api.get('/api/user'));
    expect(error.status).toBe(404);
    expect(error.code).toBe('emailNotFound');
    expect(error.message).toBe('No account uses that email.');
  });

  it('rejects with code http when the failed answer has no error body', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad Gateway</h1>', { status: 502 }));
    const error = await rejection(api.get('/api/user'));
    expect(error.status).toBe(502);
    expect(error.code).toBe('http');
    expect(error.message).toBe('The request failed (502).');
  });

  it('rejects with code http when the JSON body lacks a message', async () => {
    fetchMock.mockResolvedValue(json({ code: 'x' }, 500));
    const error = await rejection(api.get('/api/user'));
    expect(error.body).toEqual({ code: 'http', message: 'The request failed (500).' });
  });

  it('rejects with code network when fetch itself fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(api.postJson('/api/notes', {}));
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
    expect(error.message).toBe('Cannot reach Turtle. Check your connection and try again.');
  });

  it('re-throws an AbortError as it is', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);
    await expect(api.get('/api/user')).rejects.toBe(abort);
  });
});
