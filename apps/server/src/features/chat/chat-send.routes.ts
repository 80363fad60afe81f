import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_HISTORY_MAX_MESSAGES } from '@turtle/shared/constants';
import type { ChatStreamMessage } from '@turtle/shared/chat-stream';
import type { ChatSendBody, ChatSendMeta } from '@turtle/shared/conversation';
import { chatEndpoints } from '@turtle/shared/endpoints/chat.schemas';
import { HttpError } from '../../lib/http-error';
import { onceForKey, storedAnswerFor } from '../../lib/idempotency';
import { SseWriter } from '../../core/assistant/sse';
import { route } from '../../lib/route';
import { findOwnNotesByIds } from '../../core/notes/notes.repository';
import { requireUser } from '../../core/identity/sessions';
import type { UserRow } from '../../core/identity/users.repository';
import { answerWithAssistant, type AssistantServices } from '../../core/assistant/assistant-reply';
import { assistantRateLimit } from '../../core/assistant/assistant-rate-limit';
import { resolveModel } from '../../core/assistant/reply-checks';
import {
  findOwnConversation,
  listOwnMessages,
  type MessageRow,
} from '../../core/conversations/conversations.repository';
import { conversationNotFound } from './conversations.routes';
import { buildPrompt } from './prompt';
import { KeptReplySaver } from './kept-reply';
import { loadMentionedNotes } from './mentioned-notes';
import { retrieveForQuestion } from './retrieved-notes';
import { citedNotes } from '../../core/knowledge/cited-passages';
import { saveExchange } from './save-exchange';
import { scopeFilter } from '../../core/knowledge/source-groups';

const ALREADY_SENT = () => new HttpError(409, 'conflict', 'This message was already sent. Its reply is on its way.');

/**
 * The stream a retried send gets: the first exchange's `meta`, then the end. The client reads the conversation and
 * follows the reply, wherever it is.
 */
function replay(request: FastifyRequest, reply: FastifyReply, meta: ChatSendMeta) {
  reply.hijack();
  const sse = new SseWriter(reply.raw, { 'x-request-id': request.id });
  sse.send({ type: 'meta', meta });
  sse.done();
}

/** The history the model sees: the latest messages, within a size budget so one long chat stays affordable. */
const HISTORY_CHARS_MAX = 120_000;

/**
 * `POST /api/chat/send`: the chat screen's kept conversation. Saves the person's message (or, to regenerate,
 * drops the last reply), then writes the reply, streaming it (product.md §7 framing, first chunk with `meta`) and
 * saving it as it grows. The reply does not depend on this response: closing the page does not stop it.
 */
export function chatSendRoutes(app: FastifyInstance, services: AssistantServices): void {
  route(
    app,
    chatEndpoints.send,
    { user: requireUser, config: { cachedSession: true }, preHandler: assistantRateLimit(app) },
    (input, request, reply) => send(app, input, request, reply, services),
  );
}

async function send(
  app: FastifyInstance,
  { user, body }: { user: UserRow; body: ChatSendBody },
  request: FastifyRequest,
  reply: FastifyReply,
  services: AssistantServices,
) {
  const { db } = services;
  const model = resolveModel(services.config, body.model);
  const regenerate = 'regenerate' in body;
  const sent = { scope: 'chat-send', userId: user.id };
  // What a message that mentions no note is answered from (decision 044): everything, or the scope chosen.
  const filter = await scopeFilter(app, user.id, body.scope);
  // One round trip: an earlier answer to this Idempotency-Key, the conversation, its messages and the mentioned
  // notes are read together, and, for a new message that names no note, the passages found for it (decision 036).
  const [replayed, existing, history, mentioned, foundForMessage] = await Promise.all([
    storedAnswerFor<{ meta: ChatSendMeta }>(db, request, sent),
    body.conversationId ? findOwnConversation(db, user.id, body.conversationId) : undefined,
    body.conversationId ? listOwnMessages(db, user.id, body.conversationId) : [],
    regenerate ? [] : loadMentionedNotes(db, user.id, body.message.noteIds),
    regenerate || body.message.noteIds?.length
      ? undefined
      : retrieveForQuestion(db, user.id, body.message.content, body.conversationId, filter),
  ]);
  // A retry of a send whose answer was lost: the first exchange, not a second one.
  if (replayed) return replay(request, reply, replayed.meta);
  if (body.conversationId && !existing) throw conversationNotFound();
  const lastQuestion = regenerate ? history.findLast((message) => message.role === 'user') : undefined;
  if (regenerate && !lastQuestion) throw new HttpError(400, 'validation', 'There is no message to answer yet.');
  // A regenerated reply sees the notes of the question that still exist; a new message's notes must all exist.
  const notes = lastQuestion ? await findOwnNotesByIds(db, user.id, lastQuestion.noteIds) : mentioned;
  // No note named: the passages of the person's notes that best match the question (decision 036); a regenerated
  // reply whose question named none finds them now.
  const retrieved =
    foundForMessage ??
    (lastQuestion && notes.length === 0
      ? await retrieveForQuestion(db, user.id, lastQuestion.content, body.conversationId, filter)
      : { passages: [], sources: [], semantic: 'off' as const });

  const modelHistory = toModelHistory(
    lastQuestion
      ? history.filter((message) => message.seq <= lastQuestion.seq)
      : [...history, { role: 'user', content: 'message' in body ? body.message.content : '', status: 'complete' }],
  );
  const messageId = randomUUID();
  await answerWithAssistant(services, {
    request,
    reply,
    user,
    output: 'sse',
    endsWithPage: false,
    source: 'chat',
    prompt: {
      model,
      messages: buildPrompt(modelHistory, notes, retrieved.passages),
      conversation: modelHistory,
      notes: notes.length > 0 ? notes.map(({ name, content }) => ({ name, content })) : citedNotes(retrieved.passages),
    },
    kept: {
      messageId,
      save: async () => {
        const exchange = { user, body, existing, lastQuestion, notes, found: retrieved.sources, messageId };
        const saved = await onceForKey(db, request, sent, (tx) => saveExchange(tx, exchange));
        if (saved.meta.assistantMessageId !== messageId) throw ALREADY_SENT();
        // The passages were found by their words only: the model for their meaning failed (decision 048).
        if (retrieved.semantic === 'unavailable') saved.meta.semantic = 'unavailable';
        const keeper = new KeptReplySaver(
          db,
          { userId: user.id, conversationId: saved.conversationId, messageId },
          request.log,
        );
        return { meta: saved.meta, keeper };
      },
    },
  });
}

/** The latest messages with text, at most CHAT_HISTORY_MAX_MESSAGES and HISTORY_CHARS_MAX characters. */
function toModelHistory(messages: Pick<MessageRow, 'role' | 'content' | 'status'>[]): ChatStreamMessage[] {
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
