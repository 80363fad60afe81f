import { z } from './zod';
import type { ChatSendMeta, MessageSource } from './conversation';

/**
 * The events of an assistant stream (the chat, the kept conversation, `/test` and the lesson tutor), one union
 * for the server that writes them and the client that reads them. On the wire each is one `data:` line in product.md §7's
 * shape, `{"token": "...", "finish_reason": null}`, and the stream ends with `data: [DONE]`:
 *
 * - `token`: a piece of the reply (`finish_reason: null`).
 * - `meta`: `/api/chat/send` only, first: the conversation and messages the stream belongs to.
 * - `sources`: the lesson tutor only, first when it found any: the learner's notes and cards it was given, each with
 *   the number the reply cites it by (decision 044).
 * - `finish`: the reply ended: `stop` (complete), `length` (the model's length limit), `stopped` (Stop, here or in
 *   another tab; the reply keeps what was written).
 * - `error`: the reply failed; `message` is for the person (`finish_reason: "error"`, `error`).
 */
export type ChatStreamEvent =
  | { type: 'token'; token: string }
  | { type: 'meta'; meta: ChatSendMeta }
  | { type: 'sources'; sources: MessageSource[] }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'error'; message: string };

export type FinishReason = 'stop' | 'length' | 'stopped';

export const CHAT_STREAM_DONE = '[DONE]';

/** The `data:` payload of one event, as product.md §7 frames it. */
export function encodeChatStreamEvent(event: ChatStreamEvent): string {
  switch (event.type) {
    case 'token':
      // The hot path: one template, no intermediate object.
      return `{"token":${JSON.stringify(event.token)},"finish_reason":null}`;
    case 'meta':
      return JSON.stringify({ token: '', finish_reason: null, meta: event.meta });
    case 'sources':
      return JSON.stringify({ token: '', finish_reason: null, sources: event.sources });
    case 'finish':
      return `{"token":"","finish_reason":"${event.reason}"}`;
    case 'error':
      return JSON.stringify({ token: '', finish_reason: 'error', error: event.message });
  }
}

const MessageSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  citation: z.number().int().min(1).optional(),
  kind: z.enum(['chat', 'lesson', 'card']).optional(),
  conversationId: z.string().optional(),
  startMs: z.number().int().min(0).optional(),
  position: z.number().int().min(0).optional(),
});

const ConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

const ConversationMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  htmlContent: z.string().optional(),
  lexicalContent: z.string().optional(),
  timestamp: z.number(),
  status: z.enum(['streaming', 'complete', 'stopped']),
  sources: z.array(MessageSourceSchema).optional(),
  truncated: z.boolean().optional(),
});

const ChatSendMetaSchema = z.object({
  conversation: ConversationSummarySchema,
  userMessage: ConversationMessageSchema.optional(),
  assistantMessageId: z.string(),
  sources: z.array(MessageSourceSchema),
  semantic: z.literal('unavailable').optional(),
}) satisfies z.ZodType<ChatSendMeta>;

/** The wire shapes, checked on the client: anything else is skipped with a warning (product.md §8). */
const MetaWireSchema = z.object({ token: z.literal(''), finish_reason: z.null(), meta: ChatSendMetaSchema });
const SourcesWireSchema = z.object({
  token: z.literal(''),
  finish_reason: z.null(),
  sources: z.array(MessageSourceSchema),
});
const WireSchema = z.union([
  z.object({ token: z.string(), finish_reason: z.null().optional() }),
  z.object({ token: z.string(), finish_reason: z.literal('error'), error: z.string().optional() }),
  z.object({ token: z.string(), finish_reason: z.enum(['stop', 'length', 'stopped']) }),
]);

/** What a failed stream says when the server gave no message of its own. */
export const STREAM_FAILED_MESSAGE = 'The assistant failed. Please try again.';

/**
 * The events one `data:` payload stands for, or undefined when it is not one of ours. A finishing line may carry a
 * last piece of text (product.md §7 allows a token beside a finish reason): it comes first, as a token event.
 */
export function decodeChatStreamEvent(data: string): ChatStreamEvent[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof value === 'object' && value !== null && 'meta' in value) {
    const meta = MetaWireSchema.safeParse(value);
    return meta.success ? [{ type: 'meta', meta: meta.data.meta }] : undefined;
  }
  if (typeof value === 'object' && value !== null && 'sources' in value) {
    const found = SourcesWireSchema.safeParse(value);
    return found.success ? [{ type: 'sources', sources: found.data.sources }] : undefined;
  }
  const parsed = WireSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const wire = parsed.data;
  if (wire.finish_reason === null || wire.finish_reason === undefined) return [{ type: 'token', token: wire.token }];
  if (wire.finish_reason === 'error') return [{ type: 'error', message: wire.error || STREAM_FAILED_MESSAGE }];
  const events: ChatStreamEvent[] = wire.token ? [{ type: 'token', token: wire.token }] : [];
  events.push({ type: 'finish', reason: wire.finish_reason });
  return events;
}
