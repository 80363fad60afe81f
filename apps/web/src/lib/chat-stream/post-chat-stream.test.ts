import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import { ApiError } from '../api-client';
import { postChatStream } from './post-chat-stream';

let fetchMock: Mock<typeof fetch>;
const body = { messages: [{ role: 'user', content: 'Hi' }] };

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('postChatStream', () => {
  it('POSTs the body as JSON with the session cookie and the signal, and answers the response body', async () => {
    const stream = new ReadableStream<Uint8Array>();
    fetchMock.mockResolvedValue(new Response(stream, { headers: { 'content-type': 'text/event-stream' } }));
    const controller = new AbortController();
    await expect(postChatStream(chatEndpoints.testStream, body, controller.signal)).resolves.toBe(stream);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/test/stream');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', signal: controller.signal });
    expect(init!.headers).toEqual({ accept: 'text/event-stream', 'content-type': 'application/json' });
    expect(JSON.parse(init!.body as string)).toEqual(body);
  });

  it("sends the entry's Idempotency-Key when it is given one (a kept conversation's send)", async () => {
    fetchMock.mockResolvedValue(new Response(new ReadableStream<Uint8Array>(), { status: 200 }));
    await postChatStream(chatEndpoints.send, body, new AbortController().signal, 'k1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/chat/send');
    expect(init!.headers).toEqual({
      'Idempotency-Key': 'k1',
      accept: 'text/event-stream',
      'content-type': 'application/json',
    });
  });

  it("rejects with the server's message, e.g. the daily limit's 429", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { code: 'rateLimited', message: 'Daily message limit reached. Upgrade to Pro for more.' },
        { status: 429 },
      ),
    );
    const error = await rejection(postChatStream(chatEndpoints.testStream, body, new AbortController().signal));
    expect(error.message).toBe('Daily message limit reached. Upgrade to Pro for more.');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).code).toBe('rateLimited');
  });

  it('rejects with "Streaming request failed (status)" when the server gives no message', async () => {
    for (const [response, status] of [
      [new Response('<html>Bad gateway</html>', { status: 502 }), 502],
      [new Response(null, { status: 500 }), 500],
      [Response.json({ message: '' }, { status: 503 }), 503],
      [Response.json({ error: 'nope' }, { status: 400 }), 400],
    ] as const) {
      fetchMock.mockResolvedValueOnce(response);
      const error = await rejection(postChatStream(chatEndpoints.testStream, body, new AbortController().signal));
      expect(error.message).toBe(`Streaming request failed (${status})`);
      expect((error as ApiError).status).toBe(status);
    }
  });

  it('rejects with "Streaming request failed (status)" when an ok response has no body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    const error = await rejection(postChatStream(chatEndpoints.testStream, body, new AbortController().signal));
    expect(error.message).toBe('Streaming request failed (200)');
  });

  it('passes an abort on as the AbortError, and a network failure as a plain message', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation((_url, init) => {
      controller.abort();
      return Promise.reject(init!.signal!.reason as Error);
    });
    const aborted = await rejection(postChatStream(chatEndpoints.testStream, body, controller.signal));
    expect(aborted.name).toBe('AbortError');
    expect(aborted).not.toBeInstanceOf(ApiError);

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await rejection(postChatStream(chatEndpoints.testStream, body, new AbortController().signal));
    expect(offline.message).toBe('Cannot reach Turtle. Check your connection and try again.');
    expect((offline as ApiError).status).toBe(0);
  });
});
