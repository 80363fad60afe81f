import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { api, ApiError, NETWORK_ERROR_MESSAGE, READ_AHEAD_MS, readAhead } from './api-client';

let fetchMock: Mock<typeof fetch>;
const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reads ahead (decision 030)', () => {
  it('answers the first read of the same path with the read started ahead, and the next one asks again', async () => {
    fetchMock.mockResolvedValueOnce(json({ n: 1 })).mockResolvedValueOnce(json({ n: 2 }));
    readAhead(['/api/chat/usage']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    await expect(api.get('/api/chat/usage')).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.get('/api/chat/usage')).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('serves only GETs of the same path', async () => {
    fetchMock.mockImplementation(async () => json({ ok: true }));
    readAhead(['/api/note/list']);
    await api.post('/api/note/list');
    await api.get('/api/note/list?x=1');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.map((call) => call[1]?.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('drops a read nobody took within READ_AHEAD_MS, so a later read is fresh', async () => {
    fetchMock.mockResolvedValueOnce(json({ n: 'old' })).mockResolvedValueOnce(json({ n: 'new' }));
    readAhead(['/api/lessons/progress']);
    vi.advanceTimersByTime(READ_AHEAD_MS);
    await expect(api.get('/api/lessons/progress')).resolves.toEqual({ n: 'new' });
  });

  it('gives the reader that takes it the failure, as its own call would have', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    readAhead(['/api/chat/conversations']);
    const error = await api.get('/api/chat/conversations').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    fetchMock.mockResolvedValueOnce(json({ error: 'none' }, 401));
    readAhead(['/api/chat/conversations']);
    await expect(api.get('/api/chat/conversations')).rejects.toMatchObject({ status: 401 });
  });
});
