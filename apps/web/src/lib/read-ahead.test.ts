import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { defineEndpoints, shapes } from '@turtle/shared/endpoints/endpoint';
import type { z } from '@turtle/shared/zod';
import { api, ApiError, NETWORK_ERROR_MESSAGE, READ_AHEAD_MS, readAhead } from './api-client';
import { apiUrl } from './api-url';

const example = defineEndpoints({
  usage: { method: 'GET', path: '/api/chat/usage', shapes: shapes<{ response: object }>() },
  notes: {
    method: 'GET',
    path: '/api/note/list',
    shapes: shapes<{ query: z.ZodObject<{ x: z.ZodOptional<z.ZodString> }>; response: object }>(),
  },
  postNotes: { method: 'POST', path: '/api/note/list', shapes: shapes<{ response: object }>() },
  progress: { method: 'GET', path: '/api/lessons/progress', shapes: shapes<{ response: object }>() },
  conversations: { method: 'GET', path: '/api/chat/conversations', shapes: shapes<{ response: object }>() },
});

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
  it('answers the first read of the same URL with the read started ahead, and the next one asks again', async () => {
    fetchMock.mockResolvedValueOnce(json({ n: 1 })).mockResolvedValueOnce(json({ n: 2 }));
    readAhead([apiUrl(example.usage)]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    await expect(api.call(example.usage)).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(api.call(example.usage)).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('serves only GETs of the same URL', async () => {
    fetchMock.mockImplementation(async () => json({ ok: true }));
    readAhead([apiUrl(example.notes)]);
    await api.call(example.postNotes);
    await api.call(example.notes, { query: { x: '1' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.map((call) => call[1]?.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('drops a read nobody took within READ_AHEAD_MS, so a later read is fresh', async () => {
    fetchMock.mockResolvedValueOnce(json({ n: 'old' })).mockResolvedValueOnce(json({ n: 'new' }));
    readAhead([apiUrl(example.progress)]);
    vi.advanceTimersByTime(READ_AHEAD_MS);
    await expect(api.call(example.progress)).resolves.toEqual({ n: 'new' });
  });

  it('gives the reader that takes it the failure, as its own call would have', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    readAhead([apiUrl(example.conversations)]);
    const error = await api.call(example.conversations).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    fetchMock.mockResolvedValueOnce(json({ error: 'none' }, 401));
    readAhead([apiUrl(example.conversations)]);
    await expect(api.call(example.conversations)).rejects.toMatchObject({ status: 401 });
  });
});
