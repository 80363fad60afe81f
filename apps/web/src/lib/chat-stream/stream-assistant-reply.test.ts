import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import type { ChatSendMeta } from '@turtle/shared/conversation';
import { ApiError } from '../api-client';
import { streamAssistantReply } from './stream-assistant-reply';

const encoder = new TextEncoder();
const request = { endpoint: chatEndpoints.testStream, body: { messages: [{ role: 'user' as const, content: 'Hi' }] } };
const meta: ChatSendMeta = {
  conversation: { id: 'c1', title: 'Hi', createdAt: 1, updatedAt: 1 },
  assistantMessageId: 'a1',
  sources: [],
};

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * A stream response whose body hands out these SSE lines one read at a time (then ends, or waits when `hold`); an abort
 * errors it as fetch does. Records whether the reader let it go.
 */
function answer(lines: string[], { hold = false } = {}) {
  const state = { cancelled: false };
  fetchMock.mockImplementation(async (_url, init) => {
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          init?.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
        },
        pull(controller) {
          const line = lines.shift();
          if (line !== undefined) controller.enqueue(encoder.encode(`data: ${line}\n\n`));
          else if (!hold) controller.close();
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return state;
}

const token = (text: string) => JSON.stringify({ token: text, finish_reason: null });

function handlers() {
  const seen = { tokens: [] as string[], metas: [] as ChatSendMeta[] };
  return {
    seen,
    handlers: { token: (t: string) => seen.tokens.push(t), meta: (m: ChatSendMeta) => seen.metas.push(m) },
  };
}

describe('streamAssistantReply (docs/product.md §7 stream)', () => {
  it('hands on the meta and each token as they arrive, and ends at the finish without reading further', async () => {
    const body = answer([
      JSON.stringify({ token: '', finish_reason: null, meta }),
      token('Hel'),
      token('lo'),
      JSON.stringify({ token: '', finish_reason: 'length' }),
      token('never read'),
    ]);
    const { seen, handlers: on } = handlers();
    const end = await streamAssistantReply(request, on, new AbortController().signal);
    expect(end).toEqual({ kind: 'finished', reason: 'length' });
    expect(seen).toEqual({ tokens: ['Hel', 'lo'], metas: [meta] });
    expect(body.cancelled).toBe(true);
  });

  it("ends as `failed` with the stream's error message", async () => {
    answer([token('Half'), JSON.stringify({ token: '', finish_reason: 'error', error: 'Upstream down.' })]);
    const { seen, handlers: on } = handlers();
    expect(await streamAssistantReply(request, on, new AbortController().signal)).toEqual({
      kind: 'failed',
      message: 'Upstream down.',
    });
    expect(seen.tokens).toEqual(['Half']);
  });

  it('a body that ends with neither a finish nor an error is `cut-off`', async () => {
    answer([token('Half')]);
    expect(await streamAssistantReply(request, handlers().handlers, new AbortController().signal)).toEqual({
      kind: 'cut-off',
    });
  });

  it("a refused request is `request-failed` with the server's ApiError (the daily limit's 429)", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ code: 'rateLimited', message: 'Daily message limit reached.' }, { status: 429 }),
    );
    const end = await streamAssistantReply(request, handlers().handlers, new AbortController().signal);
    expect(end.kind).toBe('request-failed');
    const failure = (end as { failure: unknown }).failure;
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(429);
  });

  it('an abort mid-reply ends as `aborted` and hands nothing more on', async () => {
    answer([token('One'), token('Two')], { hold: true });
    const controller = new AbortController();
    const { seen, handlers: on } = handlers();
    const ended = streamAssistantReply(
      request,
      {
        ...on,
        token: (t) => {
          on.token(t);
          controller.abort();
        },
      },
      controller.signal,
    );
    expect(await ended).toEqual({ kind: 'aborted' });
    expect(seen.tokens).toEqual(['One']);
  });

  it('an abort before the answer arrives is `aborted`, not a failure', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    const controller = new AbortController();
    const ended = streamAssistantReply(request, handlers().handlers, controller.signal);
    controller.abort();
    expect(await ended).toEqual({ kind: 'aborted' });
  });
});
