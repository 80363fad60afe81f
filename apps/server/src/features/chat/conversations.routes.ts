import type { FastifyInstance } from 'fastify';
import {
  ConversationIdQuerySchema,
  DeleteConversationBodySchema,
  RenameConversationBodySchema,
  StopReplyBodySchema,
  type ConversationSummary,
  type GetConversationResponse,
  type ListConversationsResponse,
} from '@turtle/shared/conversation';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../core/identity/sessions';
import { toMessage, toSummary } from './conversation-shapes';
import {
  deleteOwnConversation,
  findOwnConversation,
  listMessages,
  listOwnConversations,
  markRepliesStopped,
  renameOwnConversation,
  requestStop,
} from '../../core/conversations/conversations.repository';
import type { AssistantServices } from '../../core/assistant/assistant-reply';

export const conversationNotFound = () => new HttpError(404, 'notFound', 'That conversation does not exist.');

/** The kept conversations, each call scoped to the session's user; another user's conversation answers 404. */
export function conversationsRoutes(
  app: FastifyInstance,
  db: Db,
  { replies, slots }: Pick<AssistantServices, 'replies' | 'slots'>,
): void {
  app.get('/api/chat/conversations', async (request): Promise<ListConversationsResponse> => {
    const user = requireUser(request);
    return { conversations: (await listOwnConversations(db, user.id)).map(toSummary) };
  });

  app.get('/api/chat/conversations/get', async (request): Promise<GetConversationResponse> => {
    const user = requireUser(request);
    const { id } = parseInput(ConversationIdQuerySchema, request.query ?? {});
    const conversation = await findOwnConversation(db, user.id, id);
    if (!conversation) throw conversationNotFound();
    let rows = await listMessages(db, id);
    const streaming = rows.filter((row) => row.status === 'streaming').map((row) => row.id);
    // A reply still "streaming" with no live stream behind it lost its server process: it is stopped (and refunded).
    if (streaming.length > 0 && !(await slots.hasLive(user.id))) {
      await markRepliesStopped(db, streaming);
      rows = await listMessages(db, id);
    }
    return { conversation: { ...toSummary(conversation), messages: rows.map(toMessage) } };
  });

  app.post('/api/chat/conversations/rename', { config: { accepts: 'json' } }, async (request) => {
    const user = requireUser(request);
    const { id, title } = parseInput(RenameConversationBodySchema, request.body ?? {});
    const row = await renameOwnConversation(db, user.id, id, title);
    if (!row) throw conversationNotFound();
    return { conversation: toSummary(row) satisfies ConversationSummary };
  });

  app.post('/api/chat/conversations/delete', { config: { accepts: 'json' } }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(DeleteConversationBodySchema, request.body ?? {});
    if (!(await findOwnConversation(db, user.id, id))) throw conversationNotFound();
    // A reply still being written stops at once here; elsewhere at its next save, when it finds its row gone.
    for (const messageId of await requestStop(db, id)) replies.stop(messageId);
    await deleteOwnConversation(db, user.id, id);
    return { ok: true };
  });

  /** Stop: the reply ends now and keeps what was written (status `stopped`). Nothing to stop is not an error. */
  app.post('/api/chat/stop', { config: { accepts: 'json' } }, async (request) => {
    const user = requireUser(request);
    const { conversationId } = parseInput(StopReplyBodySchema, request.body ?? {});
    if (!(await findOwnConversation(db, user.id, conversationId))) throw conversationNotFound();
    for (const messageId of await requestStop(db, conversationId)) replies.stop(messageId);
    return { ok: true };
  });
}
