import { useCallback, useEffect, useReducer, useRef } from 'react';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import type { RetrievalScope } from '@turtle/shared/search';
import type {
  ChatSendBody,
  ChatSendMeta,
  ComposerMessage,
  ConversationMessage,
  ConversationSummary,
} from '@turtle/shared/conversation';
import { ApiError } from '../../../lib/api-client';
import { useAssistantStream, type AssistantStreamEnd } from '../../../lib/chat-stream/use-assistant-stream';
import { errorMessage } from '../../../lib/error-message';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { getConversation, stopReply } from '../api/conversations';
import { chatReducer, initialChatState, isBusy, type ChatAction, type Resend } from '../lib/chat-state';
import { useFollowReply } from './use-follow-reply';
import { useOpenConversation } from './use-open-conversation';
import { noteKeywordOnly } from '../lib/keyword-only-replies';

export interface Chat {
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

/** A failure that trying again may mend: no connection, a server error, a gateway's timeout. */
function isRetryable(failure: unknown): boolean {
  const status = failure instanceof ApiError ? failure.status : 0;
  return status === 0 || status >= 500;
}

/** What a stream's end does to the chat; a stream let go (another conversation opened) does nothing. */
function endAction(end: AssistantStreamEnd): ChatAction | null {
  switch (end.kind) {
    case 'finished':
      if (end.reason === 'length') console.warn('The model stopped early: it reached its length limit.');
      // Stop here or in another tab: the server says so, and the reply shows "Stopped" at once.
      return { type: 'finished', reason: end.reason, at: Date.now() };
    case 'failed':
      return { type: 'failed', message: end.message };
    case 'stopped':
      // Stop: the reply keeps what had arrived, marked stopped (the server saved the same).
      return { type: 'stopped', at: Date.now() };
    case 'request-failed':
      return { type: 'requestFailed', message: errorMessage(end.failure), retryable: isRetryable(end.failure) };
    case 'cut-off':
      return { type: 'cutOff' };
    case 'let-go':
      return null;
  }
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
  /** What a message that mentions no note is answered from (decision 044); undefined for everything. */
  scope?: RetrievalScope;
}

/**
 * One kept conversation (rules.md "Chat"): loads it, sends messages through `POST /api/chat/send` and shows the
 * reply as it streams. Leaving (another conversation, a reload) does not stop the reply on the server; coming back
 * follows it until it ends. Only Stop ends it early, keeping what was written.
 */
export function useChat({ conversationId, model, scope, onCreated, onReplyEnded }: UseChatOptions): Chat {
  // A reply streams in with its events checked: the checker loads once the screen has settled (decision 030).
  const stream = useAssistantStream({ outlivesPage: true, preloadDecoder: true });
  const [state, dispatch] = useReducer(chatReducer, conversationId, initialChatState);
  // The conversation the running stream belongs to (null until a new one's stream makes it).
  const streamOf = useRef<string | null>(null);
  // Whether the running stream's reply has been made on the server (its meta arrived), and whether Stop was pressed
  // before it was: such a Stop is sent once the reply exists, as the server would otherwise start it after the Stop.
  const replyMade = useRef(false);
  const stopWhenMade = useRef(false);
  const openId = useRef(conversationId);
  const callbacks = useRef({ onCreated, onReplyEnded });
  const modelRef = useRef(model);
  const scopeRef = useRef(scope);
  useEffect(() => {
    openId.current = conversationId;
    callbacks.current = { onCreated, onReplyEnded };
    modelRef.current = model;
    scopeRef.current = scope;
  });
  const replyEnded = useCallback(() => callbacks.current.onReplyEnded(), []);

  useOpenConversation(conversationId, state, dispatch);

  // Opening another conversation: this page's stream for the one before is let go (the server finishes it).
  useEffect(() => {
    if (stream.isRunning() && streamOf.current !== null && streamOf.current !== conversationId) stream.letGo();
  }, [conversationId, stream]);

  const writing = state.phase.name === 'sending' || state.phase.name === 'streaming';
  useFollowReply(conversationId, state.live !== null && !writing && conversationId !== null, dispatch, replyEnded);

  /** The server's copy, once read, if that conversation is still the one open and no stream of this page runs. */
  const takeServerCopy = useCallback(
    (id: string) =>
      getConversation(id).then((conversation) => {
        if (!stream.isRunning() && openId.current === id) dispatch({ type: 'serverCopy', conversation });
      }),
    [stream],
  );

  const stopOnServer = useCallback(
    (id: string) => {
      stopReply(id)
        // The server's copy may hold a little more than arrived here; it may also still be saving (then followed).
        .then(() => takeServerCopy(id))
        .catch((failure: unknown) => dispatch({ type: 'error', message: errorMessage(failure) }));
    },
    [takeServerCopy],
  );

  const run = useCallback(
    async (body: ChatSendBody, idempotencyKey = newIdempotencyKey()) => {
      streamOf.current = conversationId;
      replyMade.current = false;
      stopWhenMade.current = false;
      const model = modelRef.current;
      const scope = scopeRef.current;
      let meta: ChatSendMeta | undefined;
      const end = await stream.start(
        {
          endpoint: chatEndpoints.send,
          body: { ...body, ...(model ? { model } : {}), ...(scope ? { scope } : {}) },
          // One key per message sent: a retry after a lost answer gets the first exchange back, not a second reply.
          idempotencyKey,
        },
        {
          token: (token) => dispatch({ type: 'token', token }),
          meta: (said) => {
            meta = said;
            if (said.semantic === 'unavailable') noteKeywordOnly(said.assistantMessageId);
            const created = streamOf.current === null;
            if (created) streamOf.current = said.conversation.id;
            dispatch({ type: 'meta', meta: said, created });
            if (created) callbacks.current.onCreated(said.conversation);
            replyMade.current = true;
            if (stopWhenMade.current) stopOnServer(said.conversation.id);
          },
        },
      );
      const action = endAction(end);
      if (!action) return;
      dispatch(action);
      callbacks.current.onReplyEnded();
      // The server's copy is the truth (a Stop elsewhere, a network cut): take it once the stream has ended.
      if (end.kind === 'cut-off' && meta && openId.current === meta.conversation.id) {
        void takeServerCopy(meta.conversation.id).catch(() => undefined);
      }
    },
    [conversationId, stream, takeServerCopy, stopOnServer],
  );

  const send = useCallback(
    (message: ComposerMessage) => {
      if (stream.isRunning()) return;
      const optimistic: ConversationMessage = {
        id: `pending-${Date.now()}`,
        role: 'user',
        content: message.content,
        ...(message.htmlContent ? { htmlContent: message.htmlContent } : {}),
        ...(message.lexicalContent ? { lexicalContent: message.lexicalContent } : {}),
        timestamp: Date.now(),
        status: 'complete',
      };
      const body = { message, ...(conversationId ? { conversationId } : {}) };
      const resend: Resend = { body, optimistic, idempotencyKey: newIdempotencyKey() };
      dispatch({ type: 'send', resend });
      void run(body, resend.idempotencyKey);
    },
    [conversationId, run, stream],
  );

  const unsent = state.unsent;
  const retry = useCallback(() => {
    if (stream.isRunning() || !unsent?.canRetry) return;
    dispatch({ type: 'retry' });
    void run(unsent.body, unsent.idempotencyKey);
  }, [run, stream, unsent]);

  const regenerate = useCallback(() => {
    if (stream.isRunning() || conversationId === null) return;
    dispatch({ type: 'regenerate' });
    void run({ conversationId, regenerate: true });
  }, [conversationId, run, stream]);

  const stop = useCallback(() => {
    if (stream.isRunning() && !replyMade.current) {
      // The request has not made its reply yet: the stream stays open to learn which reply to stop, and ends as the
      // server ends it ("Stopped"), where aborting it now would leave the server to write the whole reply.
      stopWhenMade.current = true;
      return;
    }
    const id = (stream.isRunning() ? streamOf.current : null) ?? conversationId;
    stream.stop();
    if (id) stopOnServer(id);
  }, [conversationId, stream, stopOnServer]);

  return {
    messages: state.messages,
    live: state.live,
    busy: isBusy(state),
    error: state.error,
    loading: state.loading,
    notFound: state.notFound,
    unsent: unsent && { id: unsent.optimistic.id, canRetry: unsent.canRetry },
    send,
    retry,
    stop,
    regenerate,
  };
}
