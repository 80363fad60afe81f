import { useEffect, useMemo, useRef } from 'react';
import { useWhenIdle } from '../use-when-idle';
import { preloadChatStreamDecoder } from './read-chat-stream';
import {
  streamAssistantReply,
  type AssistantReplyEnd,
  type AssistantStreamHandlers,
  type AssistantStreamRequest,
  type StreamEndpoint,
} from './stream-assistant-reply';

export type { AssistantStreamHandlers, AssistantStreamRequest } from './stream-assistant-reply';

/** How a stream of this hook ended: as read, or aborted by Stop, or let go (a newer stream, `letGo`, leaving). */
export type AssistantStreamEnd =
  | Exclude<AssistantReplyEnd, { kind: 'aborted' }>
  | { kind: 'stopped' }
  /** No longer this hook's stream: nothing of it should reach the screen. */
  | { kind: 'let-go' };

export interface AssistantStream {
  /** Starts a stream (letting go of one still running) and answers how it ended; never rejects. */
  start<E extends StreamEndpoint>(
    request: AssistantStreamRequest<E>,
    handlers: AssistantStreamHandlers,
  ): Promise<AssistantStreamEnd>;
  /** Stop: aborts the running stream, which ends as `stopped`; a server that sees the request go stops the model. */
  stop(): void;
  /** Aborts the running stream at once, which ends as `let-go`: another may start straight away. */
  letGo(): void;
  /** A stream was started and has not ended yet. */
  isRunning(): boolean;
}

interface AssistantStreamOptions {
  /** The reply outlives the page (a kept conversation, rules.md "Chat"); else leaving the page aborts the request. */
  outlivesPage?: boolean;
  /** The events' checker loads once the screen has settled, not with the first stream (decision 030). */
  preloadDecoder?: boolean;
}

/**
 * The one client of the assistant's streams (the chat, the lesson tutor and `/test`): one stream at a time, its
 * events handed on as they arrive, and one way to end it early, Stop.
 */
export function useAssistantStream({
  outlivesPage = false,
  preloadDecoder = false,
}: AssistantStreamOptions = {}): AssistantStream {
  useWhenIdle(preloadDecoder ? preloadChatStreamDecoder : null);
  const running = useRef<AbortController | null>(null);
  const stoppedHere = useRef(new WeakSet<AbortController>());

  useEffect(() => {
    if (outlivesPage) return;
    return () => running.current?.abort();
  }, [outlivesPage]);

  return useMemo<AssistantStream>(
    () => ({
      async start(request, handlers) {
        running.current?.abort();
        const controller = new AbortController();
        running.current = controller;
        const end = await streamAssistantReply(request, handlers, controller.signal);
        if (running.current !== controller) return { kind: 'let-go' };
        running.current = null;
        if (end.kind !== 'aborted') return end;
        return stoppedHere.current.has(controller) ? { kind: 'stopped' } : { kind: 'let-go' };
      },
      stop() {
        if (!running.current) return;
        stoppedHere.current.add(running.current);
        running.current.abort();
      },
      letGo() {
        running.current?.abort();
        running.current = null;
      },
      isRunning: () => running.current !== null,
    }),
    [],
  );
}
