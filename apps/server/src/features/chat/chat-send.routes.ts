import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_HISTORY_MAX_MESSAGES } from '@turtle/shared/constants';
import type { ChatStreamMessage } from '@turtle/shared/chat-stream';
import { ChatSendBodySchema, type ChatSendBody, type ChatSendMeta } from '@turtle/shared/conversation';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { findOwnNotesByIds, type NoteRow } from '../notes/notes.repository';
import { requireUser } from '../sessions/sessions';
import type { UserRow } from '../user/users.repository';
import type { ChatRoutesOptions } from './chat-routes-options';
import { chatRateLimit } from './chat-rate-limit';
import { titleFrom, toMessage, toSummary } from './conversation-shapes';
import {
  deleteRepliesAfter,
  findOwnConversation,
  insertConversation,
  insertMessage,
  listMessages,
  touchConversation,
  type ConversationRow,
  type MessageRow,
} from './conversations.repository';
import { conversationNotFound } from './conversations.routes';
import type { KeptReplies } from './kept-reply';
import { buildPrompt } from './prompt';
import { allowReply, checkModel, loadMentionedNotes } from './reply-checks';
import { SseWriter } from './sse';

/** The history the model sees: the latest messages, within a size budget so one long chat stays affordable. */
const HISTORY_CHARS_MAX = 120_000;

/**
 * `POST /api/chat/send`: the chat screen's kept conversation. Saves the person's message (or, to regenerate,
 * drops the last reply), then writes the reply, streaming it (SPEC 7 framing, first chunk with `meta`) and
 * saving it as it grows. The reply does not depend on this response: closing the page does not stop it.
 */
export function chatSendRoutes(app: FastifyInstance, options: ChatRoutesOptions, replies: KeptReplies): void {
  app.post(
    '/api/chat/send',
    { config: { accepts: 'json' }, preHandler: chatRateLimit(app) },
    (request: FastifyRequest, reply: FastifyReply) => send(request, reply, options, replies),
  );
}

async function send(request: FastifyRequest, reply: FastifyReply, options: ChatRoutesOptions, replies: KeptReplies) {
  const { db, config } = options;
  const user = requireUser(request);
  const body = parseInput(ChatSendBodySchema, request.body ?? {});
  checkModel(config, body.model);
  const existing = body.conversationId ? await findOwnConversation(db, user.id, body.conversationId) : undefined;
  if (body.conversationId && !existing) throw conversationNotFound();
  const history = existing ? await listMessages(db, existing.id) : [];
  const lastQuestion = 'regenerate' in body ? history.findLast((message) => message.role === 'user') : undefined;
  if ('regenerate' in body && !lastQuestion) {
    throw new HttpError(400, 'validation', 'There is no message to answer yet.');
  }
  // A regenerated reply sees the notes of the question that still exist; a new message's notes must all exist.
  const notes = lastQuestion
    ? await findOwnNotesByIds(db, user.id, lastQuestion.noteIds)
    : await loadMentionedNotes(db, user.id, 'message' in body ? body.message.noteIds : undefined);

  const allowance = await allowReply(db, user, config, reply);
  let saved: Awaited<ReturnType<typeof saveExchange>>;
  try {
    saved = await saveExchange(options, user, body, existing, lastQuestion, notes);
  } catch (error) {
    await allowance.refund();
    await allowance.slot.release();
    throw error;
  }

  const conversationMessages = toModelHistory(
    lastQuestion ? history.filter((m) => m.seq <= lastQuestion.seq) : [...history, saved.userMessage!],
  );
  reply.hijack();
  const sse = new SseWriter(reply.raw, { 'x-request-id': request.id });
  const meta: ChatSendMeta = {
    conversation: toSummary(saved.conversation),
    assistantMessageId: saved.assistantMessage.id,
    sources: saved.assistantMessage.sources,
  };
  if (saved.userMessage) meta.userMessage = toMessage(saved.userMessage);
  sse.chunk({ token: '', finish_reason: null, meta });
  try {
    await replies.write(
      {
        conversationId: saved.conversation.id,
        messageId: saved.assistantMessage.id,
        allowance,
        request: {
          model: body.model,
          messages: buildPrompt(conversationMessages, notes),
          conversation: conversationMessages,
          notes: notes.map(({ name, content }) => ({ name, content })),
        },
      },
      (chunk) => sse.chunk(chunk),
      request.log,
    );
  } finally {
    sse.done();
  }
}

/**
 * One transaction: the conversation (new, or the caller's own found before and touched), the question (or the old
 * reply dropped), the empty reply.
 */
async function saveExchange(
  { db }: ChatRoutesOptions,
  user: UserRow,
  body: ChatSendBody,
  existing: ConversationRow | undefined,
  lastQuestion: MessageRow | undefined,
  notes: NoteRow[],
) {
  const now = Date.now();
  return db.transaction(async (tx) => {
    const conversation =
      existing ??
      (await insertConversation(tx, {
        id: randomUUID(),
        userId: user.id,
        title: titleFrom('message' in body ? body.message.content : ''),
        createdAt: now,
        updatedAt: now,
      }));
    let userMessage: MessageRow | undefined;
    if ('message' in body) {
      const { content, htmlContent, lexicalContent, noteIds } = body.message;
      userMessage = await insertMessage(tx, {
        id: randomUUID(),
        conversationId: conversation.id,
        role: 'user',
        content,
        htmlContent: htmlContent ?? null,
        lexicalContent: lexicalContent ?? null,
        noteIds: [...new Set(noteIds ?? [])],
        status: 'complete',
        createdAt: now,
      });
    } else if (lastQuestion) {
      await deleteRepliesAfter(tx, conversation.id, lastQuestion.seq);
    }
    const assistantMessage = await insertMessage(tx, {
      id: randomUUID(),
      conversationId: conversation.id,
      role: 'assistant',
      content: '',
      sources: notes.map(({ id, name }) => ({ id, name })),
      status: 'streaming',
      createdAt: now,
    });
    // A new conversation was made with this time already.
    if (existing) await touchConversation(tx, conversation.id, now);
    return { conversation: { ...conversation, updatedAt: now }, userMessage, assistantMessage };
  });
}

/** The latest messages with text, at most CHAT_HISTORY_MAX_MESSAGES and HISTORY_CHARS_MAX characters. */
function toModelHistory(messages: MessageRow[]): ChatStreamMessage[] {
  const kept: ChatStreamMessage[] = [];
  let chars = 0;
  for (const message of [...messages].reverse()) {
    if (message.status === 'streaming' || message.content.trim() === '') continue;
    chars += message.content.length;
    if (kept.length === CHAT_HISTORY_MAX_MESSAGES || (kept.length > 0 && chars > HISTORY_CHARS_MAX)) break;
    kept.push({ role: message.role, content: message.content });
  }
  return kept.reverse();
}
