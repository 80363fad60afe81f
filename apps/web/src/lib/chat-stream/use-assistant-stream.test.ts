// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import { useAssistantStream } from './use-assistant-stream';

const request = { endpoint: chatEndpoints.testStream, body: { messages: [] } };
const noop = { token: () => undefined };

let fetchMock: Mock<typeof fetch>;
/** The signals of the requests made, in order. */
let signals: AbortSignal[];
beforeEach(() => {
  signals = [];
  fetchMock = vi.fn<typeof fetch>((_url, init) => {
    const signal = init!.signal!;
    signals.push(signal);
    // Answers nothing until aborted, as a reply still being written.
    return new Promise((_resolve, reject) =>
      signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useAssistantStream: one stream at a time, one Stop', () => {
  it('Stop aborts the running stream, which ends as stopped; it runs until then', async () => {
    const { result } = renderHook(() => useAssistantStream());
    const ended = result.current.start(request, noop);
    expect(result.current.isRunning()).toBe(true);
    result.current.stop();
    expect(signals[0]!.aborted).toBe(true);
    expect(result.current.isRunning()).toBe(true);
    expect(await ended).toEqual({ kind: 'stopped' });
    expect(result.current.isRunning()).toBe(false);
  });

  it('a new stream lets the running one go; letGo frees the hook at once', async () => {
    const { result } = renderHook(() => useAssistantStream());
    const first = result.current.start(request, noop);
    const second = result.current.start(request, noop);
    expect(signals[0]!.aborted).toBe(true);
    expect(await first).toEqual({ kind: 'let-go' });
    expect(result.current.isRunning()).toBe(true);

    result.current.letGo();
    expect(result.current.isRunning()).toBe(false);
    expect(await second).toEqual({ kind: 'let-go' });
  });

  it('leaving the page aborts the request, unless the reply outlives the page (docs/rules.md "Chat")', async () => {
    const leaving = renderHook(() => useAssistantStream());
    const ended = leaving.result.current.start(request, noop);
    leaving.unmount();
    expect(signals[0]!.aborted).toBe(true);
    expect(await ended).toEqual({ kind: 'let-go' });

    const kept = renderHook(() => useAssistantStream({ outlivesPage: true }));
    void kept.result.current.start(request, noop);
    kept.unmount();
    expect(signals[1]!.aborted).toBe(false);
    expect(kept.result.current.isRunning()).toBe(true);
  });
});
