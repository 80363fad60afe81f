import { useCallback, useEffect, useRef, useState } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '@turtle/shared/idempotency';
import type {
  ChatSendMeta,
  ComposerMessage,
  Conversation,
  ConversationMessage,
  ConversationSummary,
} from '@turtle/shared/conversation';
import { getConversation, stopReply } from '../api/conversations';
import { ApiError } from '../../../lib/api-client';
import { postChatStream } from '../../../lib/chat-stream/post-chat-stream';
import { preloadChatStreamDecoder, readChatStream } from '../../../lib/chat-stream/read-chat-stream';
import { useWhenIdle } from '../../../lib/use-when-idle';
import { errorMessage, isAbort, isNotFound } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { newIdempotencyKey } from '../../../lib/idempotency-key';

/** How often a reply being written elsewhere (before a reload, in another tab) is fetched again. */
const FOLLOW_EVERY_MS = 600;

export interface ChatState {
  /** The open conversation's messages; a reply still being written is `live`, not here. */
  messages: ConversationMessage[];
  /** The reply being written: by this page's stream, or followed from the server after a reload. */
  live: { content: string } | null;
  /** A reply is being written (send is blocked, Stop is offered). */
  busy: boolean;
  /** The last failure (product.md §4 "error" state): shown under the messages; no message is added for it. */
  error: string | null;
  loading: boolean;
  notFound: boolean;
  /** A message this page could not deliver (it stays, marked, with Retry when trying again can help). */
  unsent: { id: string; canRetry: boolean } | null;
  send(message: ComposerMessage): void;
  /** Sends the unsent message again, with the same Idempotency-Key (a request that did arrive is not doubled). */
  retry(): void;
  stop(): void;
  regenerate(): void;
}

interface Unsent {
  id: string;
  canRetry: boolean;
  body: Record<string, unknown>;
  optimistic: ConversationMessage;
  idempotencyKey: string;
}

/** A failure that trying again may mend: no connection, a server error, a gateway's timeout. */
function isRetryable(failure: unknown): boolean {
  const status = failure instanceof ApiError ? failure.status : 0;
  return status === 0 || status >= 500;
}

interface UseChatOptions {
  /** The conversation to show; null for a new one. */
  conversationId: string | null;
  /** A new conversation was made by the first message: the screen shows its id in the address. */
  onCreated(conversation: ConversationSummary): void;
  /** A reply ended (complete, stopped or failed): lists and meters refresh. */
  onReplyEnded(): void;
  /** The model picked on this device, or undefined for the server's default. */
  model: string | undefined;
}

const splitLive = (conversation: Conversation) => {
  const streaming = conversation.messages.find((message) => message.status === 'streaming');
  return {
    messages: conversation.messages.filter((message) => message.status !== 'streaming'),
    live: streaming ? { content: streaming.content } : null,
  };
};

/**
 * One kept conversation (rules.md "Chat"): loads it, sends messages through `POST /api/chat/send` and shows the
 * reply as it streams. Leaving (another conversation, a reload) does not stop the reply on the server; coming back
 * follows it until it ends. Only Stop ends it early, keeping what was written.
 */
export function useChat({ conversationId, model, onCreated, onReplyEnded }: UseChatOptions): ChatState {
  // A reply streams in with its events checked: the checker loads once the screen has settled (decision 030).
  useWhenIdle(preloadChatStreamDecoder);
  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [live, setLive] = useState<{ content: string } | null>(null);
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(conversationId !== null);
  const [notFound, setNotFound] = useState(false);
  const [unsent, setUnsent] = useState<Unsent | null>(null);
  const [followTick, setFollowTick] = useState(0);
  // The conversation this page's stream made (its id reaches the address a moment later): not a switch.
  const [createdHere, setCreatedHere] = useState<string | null>(null);
  const [shownId, setShownId] = useState(conversationId);
  const stream = useRef<{ controller: AbortController; conversationId: string | null } | null>(null);
  const openId = useRef(conversationId);
  const callbacks = useRef({ onCreated, onReplyEnded });
  const modelRef = useRef(model);
  useEffect(() => {
    openId.current = conversationId;
    callbacks.current = { onCreated, onReplyEnded };
    modelRef.current = model;
  });

  // Another conversation opened: start from a clean slate (adjusted while rendering, React's advice over an effect).
  const switched = conversationId !== shownId && (conversationId === null || conversationId !== createdHere);
  if (conversationId !== shownId) {
    setShownId(conversationId);
    if (switched) {
      setCreatedHere(null);
      setStreaming(false);
      setError(null);
      setUnsent(null);
      setNotFound(false);
      setLive(null);
      setMessages([]);
      setLoading(conversationId !== null);
    }
  }

  // Opening another conversation: this page's stream for the one before is let go (the server finishes it).
  useEffect(() => {
    const current = stream.current;
    if (current && current.conversationId !== null && current.conversationId !== conversationId) {
      current.controller.abort();
      stream.current = null;
    }
  }, [conversationId]);

  // The conversation is read when it opens; one this page's stream made is already on screen.
  const opened = useServerQuery({
    queryKey: queryKeys.conversation(conversationId ?? ''),
    queryFn: ({ signal }) => getConversation(conversationId!, signal),
    enabled: conversationId !== null && conversationId !== createdHere,
    // Read once per opening, never again under a reply being written; streaming changes it, so no copy is kept.
    staleTime: Infinity,
    gcTime: 0,
  });
  // What it read goes on screen once (adjusted while rendering); from then on the page's own state leads.
  const [taken, setTaken] = useState<{ data?: Conversation; error: unknown }>({ error: null });
  if (opened.data !== taken.data || opened.error !== taken.error) {
    setTaken({ data: opened.data, error: opened.error });
    if (opened.data && opened.data !== taken.data) {
      const split = splitLive(opened.data);
      setMessages(split.messages);
      setLive(split.live);
      setLoading(false);
    } else if (opened.error) {
      setLoading(false);
      if (isNotFound(opened.error)) setNotFound(true);
      else setError(errorMessage(opened.error));
    }
  }

  // A reply written by no stream of this page (started before a reload): follow it on the server until it ends.
  const following = live !== null && !streaming && conversationId !== null;
  useEffect(() => {
    if (!following || conversationId === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getConversation(conversationId, controller.signal)
        .then((conversation) => {
          const split = splitLive(conversation);
          setMessages(split.messages);
          setLive(split.live);
          if (split.live) setFollowTick((tick) => tick + 1);
          else callbacks.current.onReplyEnded();
        })
        .catch((failure: unknown) => {
          if (!isAbort(failure)) setFollowTick((tick) => tick + 1);
        });
    }, FOLLOW_EVERY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [following, conversationId, followTick]);

  const run = useCallback(
    async (body: Record<string, unknown>, optimistic?: ConversationMessage, idempotencyKey = newIdempotencyKey()) => {
      const controller = new AbortController();
      const current = { controller, conversationId };
      stream.current = current;
      setError(null);
      setUnsent(null);
      setStreaming(true);
      setLive({ content: '' });
      if (optimistic) setMessages((list) => [...list, optimistic]);
      let meta: ChatSendMeta | undefined;
      let content = '';
      let ended = false;
      const finish = (message: ConversationMessage | null) => {
        ended = true;
        setLive(null);
        if (message) setMessages((list) => [...list, message]);
      };
      try {
        const model = modelRef.current;
        // One key per message sent: a retry after a lost answer gets the first exchange back, not a second reply.
        const response = await postChatStream(
          '/api/chat/send',
          { ...body, ...(model ? { model } : {}) },
          controller.signal,
          { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        );
        for await (const event of readChatStream(response)) {
          if (event.type === 'meta') {
            meta = event.meta;
            const saved = event.meta.userMessage;
            if (saved && optimistic) setMessages((list) => list.map((m) => (m.id === optimistic.id ? saved : m)));
            if (current.conversationId === null) {
              current.conversationId = event.meta.conversation.id;
              setCreatedHere(event.meta.conversation.id);
              callbacks.current.onCreated(event.meta.conversation);
            }
            continue;
          }
          if (event.type === 'token') {
            content += event.token;
            setLive({ content });
            continue;
          }
          if (event.type === 'error') {
            setError(event.message);
            finish(null);
            break;
          }
          if (event.reason === 'length') console.warn('The model stopped early: it reached its length limit.');
          finish(
            meta
              ? {
                  id: meta.assistantMessageId,
                  role: 'assistant',
                  content,
                  timestamp: Date.now(),
                  // Stop here or in another tab: the server says so, and the reply shows "Stopped" at once.
                  status: event.reason === 'stopped' ? 'stopped' : 'complete',
                  ...(meta.sources.length ? { sources: meta.sources } : {}),
                  ...(event.reason === 'length' ? { truncated: true } : {}),
                }
              : null,
          );
          break;
        }
      } catch (failure) {
        if (stoppedByUs.has(controller) && meta) {
          // Stop: the reply keeps what had arrived, marked stopped (the server saved the same).
          finish({
            id: meta.assistantMessageId,
            role: 'assistant',
            content,
            timestamp: Date.now(),
            status: 'stopped',
            ...(meta.sources.length ? { sources: meta.sources } : {}),
          });
        } else if (!isAbort(failure)) {
          setError(errorMessage(failure));
          finish(null);
          // Not delivered (the server never said it kept it): the message stays, marked, to send again.
          if (optimistic && !meta) {
            setUnsent({ id: optimistic.id, canRetry: isRetryable(failure), body, optimistic, idempotencyKey });
          }
        } else if (stream.current !== current) {
          return; // Let go for another conversation: that screen is already showing something else.
        }
      } finally {
        if (stream.current === current) {
          stream.current = null;
          setStreaming(false);
          if (!ended) setLive(null);
          callbacks.current.onReplyEnded();
        }
      }
      // The server's copy is the truth (a Stop elsewhere, a network cut): take it once the stream has ended.
      if (meta && stream.current === null && !ended && openId.current === meta.conversation.id) {
        getConversation(meta.conversation.id)
          .then((conversation) => {
            const split = splitLive(conversation);
            setMessages(split.messages);
            setLive(split.live);
          })
          .catch(() => undefined);
      }
    },
    [conversationId],
  );

  const send = useCallback(
    (message: ComposerMessage) => {
      if (stream.current) return;
      const optimistic: ConversationMessage = {
        id: `pending-${Date.now()}`,
        role: 'user',
        content: message.content,
        ...(message.htmlContent ? { htmlContent: message.htmlContent } : {}),
        ...(message.lexicalContent ? { lexicalContent: message.lexicalContent } : {}),
        timestamp: Date.now(),
        status: 'complete',
      };
      // A new message instead of Retry: the undelivered one was never part of the conversation.
      if (unsent) setMessages((list) => list.filter((item) => item.id !== unsent.id));
      void run({ message, ...(conversationId ? { conversationId } : {}) }, optimistic);
    },
    [conversationId, run, unsent],
  );

  const retry = useCallback(() => {
    if (stream.current || !unsent?.canRetry) return;
    setMessages((list) => list.filter((message) => message.id !== unsent.id));
    void run(unsent.body, unsent.optimistic, unsent.idempotencyKey);
  }, [run, unsent]);

  const regenerate = useCallback(() => {
    if (stream.current || conversationId === null) return;
    setMessages((list) => (list.at(-1)?.role === 'assistant' ? list.slice(0, -1) : list));
    void run({ conversationId, regenerate: true });
  }, [conversationId, run]);

  const stop = useCallback(() => {
    const id = stream.current?.conversationId ?? conversationId;
    if (stream.current) {
      stoppedByUs.add(stream.current.controller);
      stream.current.controller.abort();
    }
    if (!id) return;
    stopReply(id)
      // The server's copy may hold a little more than arrived here; it may also still be saving (then followed).
      .then(() => getConversation(id))
      .then((conversation) => {
        if (stream.current !== null || openId.current !== id) return;
        const split = splitLive(conversation);
        setMessages(split.messages);
        setLive(split.live);
      })
      .catch((failure: unknown) => setError(errorMessage(failure)));
  }, [conversationId]);

  return {
    messages,
    live,
    busy: streaming || live !== null,
    error,
    loading,
    notFound,
    unsent: unsent && { id: unsent.id, canRetry: unsent.canRetry },
    send,
    retry,
    stop,
    regenerate,
  };
}

/** Streams this page aborted with Stop (rather than by leaving the conversation). */
const stoppedByUs = new WeakSet<AbortController>();
