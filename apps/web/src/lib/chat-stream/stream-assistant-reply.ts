import type { ChatStreamEvent, FinishReason } from '@turtle/shared/chat-stream-events';
import type { ChatSendMeta, MessageSource } from '@turtle/shared/conversation';
import type { Endpoint, InputOf } from '@turtle/shared/endpoints/endpoint';
import { postChatStream } from './post-chat-stream';
import { readChatStream } from './read-chat-stream';

/** An entry of the endpoint table that answers the assistant's event stream. */
export type StreamEndpoint = Endpoint & { kind: 'stream'; encoding: 'json' };

/** What starts a stream: a POST of the entry's `body` as JSON (product.md §7). */
export interface AssistantStreamRequest<E extends StreamEndpoint = StreamEndpoint> {
  endpoint: E;
  body: InputOf<E, never> extends { body: infer B } ? B : never;
  /** A kept conversation's send: one key per message, so a retry gets the first exchange (decision 017). */
  idempotencyKey?: string;
}

/** What is handed on while the reply is being written. */
export interface AssistantStreamHandlers {
  token(token: string): void;
  /** `/api/chat/send` only, first: the conversation and messages the stream belongs to. */
  meta?(meta: ChatSendMeta): void;
  /** The lesson tutor only, first: the learner's notes and cards it was given (decision 044). */
  sources?(sources: MessageSource[]): void;
}

/** How a stream read to its end ended. */
export type AssistantReplyEnd =
  /** A `finish` event: complete, cut at the length limit, or stopped (here or in another tab). */
  | { kind: 'finished'; reason: FinishReason }
  /** The stream's `error` event: `message` is for the person. */
  | { kind: 'failed'; message: string }
  /** The body ended with neither (a connection lost mid-reply). */
  | { kind: 'cut-off' }
  /** The request was aborted. */
  | { kind: 'aborted' }
  /** The request was refused (its `ApiError` carries the server's message) or the connection failed. */
  | { kind: 'request-failed'; failure: unknown };

/**
 * Hands one event on, or answers the end it makes. Every event type of the shared union is handled here: a new one
 * fails to compile until it is.
 */
function take(event: ChatStreamEvent, handlers: AssistantStreamHandlers): AssistantReplyEnd | undefined {
  switch (event.type) {
    case 'token':
      handlers.token(event.token);
      return undefined;
    case 'meta':
      handlers.meta?.(event.meta);
      return undefined;
    case 'sources':
      handlers.sources?.(event.sources);
      return undefined;
    case 'finish':
      return { kind: 'finished', reason: event.reason };
    case 'error':
      return { kind: 'failed', message: event.message };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/**
 * Streams one assistant reply: posts the request, hands each token (and the chat's meta) on as it arrives, and answers
 * how the stream ended. The first `finish` or `error` event ends the read; nothing is handed on once `signal` is
 * aborted. Never rejects.
 */
export async function streamAssistantReply<E extends StreamEndpoint>(
  request: AssistantStreamRequest<E>,
  handlers: AssistantStreamHandlers,
  signal: AbortSignal,
): Promise<AssistantReplyEnd> {
  try {
    const body = await postChatStream(request.endpoint, request.body, signal, request.idempotencyKey);
    for await (const event of readChatStream(body)) {
      if (signal.aborted) break;
      const end = take(event, handlers);
      if (end) return end;
    }
    return signal.aborted ? { kind: 'aborted' } : { kind: 'cut-off' };
  } catch (failure) {
    return signal.aborted ? { kind: 'aborted' } : { kind: 'request-failed', failure };
  }
}
