import { z } from './zod';
import { safeText } from './text';
import { CHAT_HISTORY_MAX_MESSAGES, CHAT_MESSAGE_MAX_LENGTH } from './constants';

/** Notes a message may mention: their ids go to the server, which reads the caller's own notes only. */
export const CHAT_MENTIONED_NOTES_MAX = 10;

/**
 * The model a request asks for. Optional: without it the server's default answers (the first of
 * `GET /api/config`'s `models`). A name the server does not serve gets 400.
 */
export const ModelNameSchema = safeText({ error: 'Name the model as text.' }).trim().min(1, 'Name the model.').max(100);

/** One message of the history sent to the model. Only the person and the assistant speak: no `system` role. */
export const ChatStreamMessageSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: 'A message role must be "user" or "assistant".' }),
  content: safeText({ error: 'A message must be text.' }).max(
    CHAT_MESSAGE_MAX_LENGTH,
    `A message must have ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en')} characters or less.`,
  ),
});
export type ChatStreamMessage = z.infer<typeof ChatStreamMessageSchema>;

/** `POST /api/chat/stream` (and its spec name `/api/test/stream`): product.md §7 `{messages, model}`, plus mentioned notes. */
export const ChatStreamBodySchema = z.object({
  messages: z
    .array(ChatStreamMessageSchema, { error: 'Send the messages of the conversation.' })
    .min(1, 'Send at least one message.')
    .max(CHAT_HISTORY_MAX_MESSAGES, `Send at most ${CHAT_HISTORY_MAX_MESSAGES} messages.`)
    .refine((messages) => messages.at(-1)?.role === 'user', 'The last message must be the person\u2019s.')
    .refine((messages) => messages.at(-1)?.content.trim() !== '', 'Type a message first.'),
  model: ModelNameSchema.optional(),
  noteIds: z.array(safeText().min(1).max(100)).max(CHAT_MENTIONED_NOTES_MAX).optional(),
});
export type ChatStreamBody = z.infer<typeof ChatStreamBodySchema>;
