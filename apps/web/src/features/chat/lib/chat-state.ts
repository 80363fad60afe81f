import type { FinishReason } from '@turtle/shared/chat-stream-events';
import type { ChatSendBody, ChatSendMeta, Conversation, ConversationMessage } from '@turtle/shared/conversation';

/** What Retry sends again: the same body, the same message on screen, the same Idempotency-Key. */
export interface Resend {
  body: ChatSendBody;
  optimistic: ConversationMessage;
  idempotencyKey: string;
}

/** A message this page could not deliver: it stays, marked, with Retry when trying again can help. */
export interface Unsent extends Resend {
  canRetry: boolean;
}

/** The reply this page's stream is writing. */
export interface Reply {
  content: string;
  /** The server's word that it kept the exchange (the stream's first event). */
  meta?: ChatSendMeta;
  /** Set for a message typed here (not for Regenerate): what to send again if it never arrives. */
  resend?: Resend;
}

/**
 * Where this page's reply is: `sending` until the stream's first event, `streaming` while it is written, then back to
 * rest as `idle` (complete), `stopped` (Stop here or elsewhere) or `failed`. A reply written by no stream of this page
 * (started before a reload) is followed through `live` alone.
 */
export type ReplyPhase =
  | { name: 'idle' }
  | { name: 'sending'; reply: Reply }
  | { name: 'streaming'; reply: Reply }
  | { name: 'stopped' }
  | { name: 'failed' };

export interface ChatState {
  /** The conversation on screen; null for a new one. */
  shownId: string | null;
  /** The conversation this page's stream made: its id reaching the address a moment later is not a switch. */
  createdHere: string | null;
  phase: ReplyPhase;
  /** The open conversation's messages; a reply still being written is `live`, not here. */
  messages: ConversationMessage[];
  /** The reply being written: by this page's stream, or followed from the server after a reload. */
  live: { content: string } | null;
  /** The last failure (product.md §4 "error" state): shown under the messages; no message is added for it. */
  error: string | null;
  loading: boolean;
  notFound: boolean;
  unsent: Unsent | null;
}

/** What the screen does: open a conversation, read it, send. */
type ScreenAction =
  /** The screen asks for this conversation (null: a new one). */
  | { type: 'show'; conversationId: string | null }
  | { type: 'loaded'; conversation: Conversation }
  | { type: 'loadFailed'; notFound: boolean; message: string | null }
  /** The server's copy, read again (following a reply, after Stop or a lost stream). */
  | { type: 'serverCopy'; conversation: Conversation }
  | { type: 'send'; resend: Resend }
  | { type: 'retry' }
  | { type: 'regenerate' }
  /** A failure outside the stream (Stop could not reach the server). */
  | { type: 'error'; message: string };

/** What this page's stream says, from its first event to its end. */
type ReplyAction =
  /** `created`: the stream made the conversation (it had none when it started). */
  | { type: 'meta'; meta: ChatSendMeta; created: boolean }
  | { type: 'token'; token: string }
  | { type: 'finished'; reason: FinishReason; at: number }
  | { type: 'failed'; message: string }
  | { type: 'stopped'; at: number }
  | { type: 'requestFailed'; message: string; retryable: boolean }
  | { type: 'cutOff' };

export type ChatAction = ScreenAction | ReplyAction;

export function initialChatState(conversationId: string | null): ChatState {
  return {
    shownId: conversationId,
    createdHere: null,
    phase: { name: 'idle' },
    messages: [],
    live: null,
    error: null,
    loading: conversationId !== null,
    notFound: false,
    unsent: null,
  };
}

/** A reply is being written: send is blocked, Stop is offered. */
export const isBusy = (state: ChatState) =>
  state.phase.name === 'sending' || state.phase.name === 'streaming' || state.live !== null;

/** The server's copy holds a reply still being written. */
export const hasLiveReply = (conversation: Conversation) =>
  conversation.messages.some((message) => message.status === 'streaming');

/** The kept messages, and the one still being written (if any) as `live`. */
function splitLive(conversation: Conversation): Pick<ChatState, 'messages' | 'live'> {
  const streaming = conversation.messages.find((message) => message.status === 'streaming');
  return {
    messages: conversation.messages.filter((message) => message.status !== 'streaming'),
    live: streaming ? { content: streaming.content } : null,
  };
}

/** The reply as the server kept it, from what arrived here. */
function keptReply(reply: Reply, status: 'complete' | 'stopped', at: number, truncated = false) {
  if (!reply.meta) return [];
  const message: ConversationMessage = {
    id: reply.meta.assistantMessageId,
    role: 'assistant',
    content: reply.content,
    timestamp: at,
    status,
    ...(reply.meta.sources.length ? { sources: reply.meta.sources } : {}),
    ...(truncated ? { truncated: true } : {}),
    ...(reply.meta.semantic ? { semantic: reply.meta.semantic } : {}),
  };
  return [message];
}

/** A new reply starts: the error and the unsent mark go, and the reply so far is empty. */
function sending(state: ChatState, messages: ConversationMessage[], resend?: Resend): ChatState {
  const reply: Reply = { content: '', ...(resend ? { resend } : {}) };
  return { ...state, phase: { name: 'sending', reply }, messages, live: { content: '' }, error: null, unsent: null };
}

/** The end of this page's reply: nothing is live any more. */
function ended(state: ChatState, phase: ReplyPhase, change: Partial<ChatState> = {}): ChatState {
  return { ...state, phase, live: null, ...change };
}

const without = (messages: ConversationMessage[], id: string | undefined) =>
  id === undefined ? messages : messages.filter((message) => message.id !== id);

/** What happens to the chat on screen (rules.md "Chat"), as one pure function. */
export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'show':
      if (action.conversationId === state.shownId) return state;
      if (action.conversationId !== null && action.conversationId === state.createdHere) {
        return { ...state, shownId: action.conversationId };
      }
      return initialChatState(action.conversationId);
    case 'loaded':
      return { ...state, ...splitLive(action.conversation), loading: false };
    case 'loadFailed':
      return action.notFound
        ? { ...state, loading: false, notFound: true }
        : { ...state, loading: false, error: action.message };
    case 'serverCopy':
      return { ...state, ...splitLive(action.conversation) };
    case 'send':
      // A new message instead of Retry: the undelivered one was never part of the conversation.
      return sending(
        state,
        [...without(state.messages, state.unsent?.optimistic.id), action.resend.optimistic],
        action.resend,
      );
    case 'retry': {
      const unsent = state.unsent;
      if (!unsent) return state;
      const { canRetry: _canRetry, ...resend } = unsent;
      return sending(state, [...without(state.messages, unsent.optimistic.id), unsent.optimistic], resend);
    }
    case 'regenerate':
      return sending(state, state.messages.at(-1)?.role === 'assistant' ? state.messages.slice(0, -1) : state.messages);
    case 'error':
      return { ...state, error: action.message };
    default:
      return replyReducer(state, action);
  }
}

/** The events of this page's stream; ignored when no reply of this page is being written. */
function replyReducer(state: ChatState, action: ReplyAction): ChatState {
  const phase = state.phase;
  if (phase.name !== 'sending' && phase.name !== 'streaming') return state;
  const reply = phase.reply;
  switch (action.type) {
    case 'meta': {
      const saved = action.meta.userMessage;
      const optimisticId = reply.resend?.optimistic.id;
      return {
        ...state,
        phase: { name: 'streaming', reply: { ...reply, meta: action.meta } },
        messages:
          saved && optimisticId !== undefined
            ? state.messages.map((message) => (message.id === optimisticId ? saved : message))
            : state.messages,
        createdHere: action.created ? action.meta.conversation.id : state.createdHere,
      };
    }
    case 'token': {
      const content = reply.content + action.token;
      return { ...state, phase: { name: 'streaming', reply: { ...reply, content } }, live: { content } };
    }
    case 'finished': {
      const status = action.reason === 'stopped' ? 'stopped' : 'complete';
      const kept = keptReply(reply, status, action.at, action.reason === 'length');
      return ended(
        state,
        { name: action.reason === 'stopped' ? 'stopped' : 'idle' },
        {
          messages: [...state.messages, ...kept],
        },
      );
    }
    case 'stopped':
      return ended(
        state,
        { name: 'stopped' },
        { messages: [...state.messages, ...keptReply(reply, 'stopped', action.at)] },
      );
    case 'failed':
      return ended(state, { name: 'failed' }, { error: action.message });
    case 'requestFailed': {
      // Not delivered (the server never said it kept it): the message stays, marked, to send again.
      const unsent = reply.resend && !reply.meta ? { ...reply.resend, canRetry: action.retryable } : null;
      return ended(state, { name: 'failed' }, { error: action.message, unsent });
    }
    case 'cutOff':
      return ended(state, { name: 'idle' });
  }
}
