import { z } from './zod';
import { safeText } from './text';
import { CHAT_MENTIONED_NOTES_MAX, ModelNameSchema } from './chat-stream';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import { RetrievalScopeSchema } from './search';

/**
 * Kept conversations (rules.md "Chat"). The server owns them: every exchange is saved as it happens, and a
 * reply keeps being written (and saved) even when the page that asked for it is gone. Only Stop ends it early.
 */

/** Longest conversation title a person can give. */
export const CONVERSATION_TITLE_MAX_LENGTH = 80;
/** A new conversation is named after its first message, cut to this length. */
export const CONVERSATION_AUTO_TITLE_LENGTH = 60;
export const NEW_CONVERSATION_TITLE = 'New chat';
/** The rich versions of a message (HTML and the serialized editor state) may be longer than its text. */
export const MESSAGE_RICH_CONTENT_MAX_LENGTH = 200_000;

/**
 * `streaming`: the reply is still being written (reopen the conversation to see it grow);
 * `complete`: finished; `stopped`: cut short by Stop, keeps what had arrived.
 */
export type MessageStatus = 'streaming' | 'complete' | 'stopped';

/**
 * A note a reply was given: shown under the reply as "Sources". A note the assistant found itself (no mention:
 * docs/decisions/036-one-index.md) carries the number the reply cites it by ([1], [2]).
 */
export interface MessageSource {
  /** The note's id; a past chat's message id; a lesson's id; a card's (its card note's) id. */
  id: string;
  /** The note's title, the past chat's title, the lesson's title or the card's front. */
  name: string;
  citation?: number;
  /**
   * What was found, when not a note (decision 039): a message of a past chat, a moment of a lesson, a card (decision
   * 044).
   */
  kind?: 'chat' | 'lesson' | 'card';
  /** A past chat's message: its conversation. */
  conversationId?: string;
  /** A lesson's moment: where the passage starts in the audio, in milliseconds. */
  startMs?: number;
  /** A found note's passage: its order in the note (opens the note there). */
  position?: number;
}

/** product.md §3 "Chat message", as kept on the server. */
export interface ConversationMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** User messages: the composer's HTML rendering (sanitized by the client before it is shown). */
  htmlContent?: string;
  /** User messages: the serialized editor state, a JSON string. */
  lexicalContent?: string;
  timestamp: number;
  status: MessageStatus;
  /** Assistant messages: the notes the model saw for this reply. */
  sources?: MessageSource[];
  /** Assistant messages: true when the model stopped at its length limit (product.md §4 "length"). */
  truncated?: boolean;
  /**
   * A reply this page received: its sources were found by their words only, semantic search being unavailable
   * (`ChatSendMeta.semantic`; not kept by the server).
   */
  semantic?: 'unavailable';
}

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

export interface Conversation extends ConversationSummary {
  messages: ConversationMessage[];
}

/** `GET /api/chat/conversations`: newest activity first. */
export interface ListConversationsResponse {
  conversations: ConversationSummary[];
}

/** `GET /api/chat/conversations/get?id=`. */
export interface GetConversationResponse {
  conversation: Conversation;
}

const IdSchema = safeText({ error: 'Send the id of the conversation.' })
  .min(1, 'Send the id of the conversation.')
  .max(100);

export const ConversationIdQuerySchema = z.object({ id: IdSchema });

/** `POST /api/chat/conversations/rename`. */
export const RenameConversationBodySchema = z.object({
  id: IdSchema,
  title: safeText({ error: 'Give the conversation a name.' })
    .trim()
    .min(1, 'Give the conversation a name.')
    .max(
      CONVERSATION_TITLE_MAX_LENGTH,
      `A conversation name must have ${CONVERSATION_TITLE_MAX_LENGTH} characters or less.`,
    ),
});

/** `POST /api/chat/conversations/delete`. */
export const DeleteConversationBodySchema = z.object({ id: IdSchema });

/** `POST /api/chat/stop`: ends the conversation's reply now, keeping what was written (status `stopped`). */
export const StopReplyBodySchema = z.object({ conversationId: IdSchema });

/** What the composer sends (product.md §3 "Composer message" with the text the model reads). */
export const ComposerMessageSchema = z.object({
  content: safeText({ error: 'A message must be text.' })
    .max(
      CHAT_MESSAGE_MAX_LENGTH,
      `A message must have ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en')} characters or less.`,
    )
    .refine((content) => content.trim() !== '', 'Type a message first.'),
  htmlContent: safeText().max(MESSAGE_RICH_CONTENT_MAX_LENGTH, 'This message is too long.').optional(),
  lexicalContent: safeText().max(MESSAGE_RICH_CONTENT_MAX_LENGTH, 'This message is too long.').optional(),
  /** Notes mentioned in the message; the server reads the caller's own notes only. */
  noteIds: z.array(safeText().min(1).max(100)).max(CHAT_MENTIONED_NOTES_MAX).optional(),
});
export type ComposerMessage = z.infer<typeof ComposerMessageSchema>;

/**
 * `POST /api/chat/send`: a new message (in a new conversation when `conversationId` is missing), or, with
 * `regenerate`, a new reply to the conversation's last message in place of the last reply; `scope` narrows what a
 * message that mentions no note is answered from (decision 044). Answers with the
 * stream of product.md §7; its first chunk carries `meta` (see ChatSendMeta).
 */
export const ChatSendBodySchema = z.union([
  z.object({
    conversationId: IdSchema.optional(),
    message: ComposerMessageSchema,
    model: ModelNameSchema.optional(),
    scope: RetrievalScopeSchema.optional(),
  }),
  z.object({
    conversationId: IdSchema,
    regenerate: z.literal(true),
    model: ModelNameSchema.optional(),
    scope: RetrievalScopeSchema.optional(),
  }),
]);
export type ChatSendBody = z.infer<typeof ChatSendBodySchema>;

/** Sent once, in the first chunk of a `/api/chat/send` stream, so the page knows what it is showing. */
export interface ChatSendMeta {
  conversation: ConversationSummary;
  /** The saved user message (absent when regenerating). */
  userMessage?: ConversationMessage;
  assistantMessageId: string;
  sources: MessageSource[];
  /**
   * `unavailable` when the passages were found by their words only, the embedding model having failed
   * (docs/decisions/048-semantic-search.md): the page says "Semantic search is unavailable right now".
   */
  semantic?: 'unavailable';
}
