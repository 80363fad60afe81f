import type { FastifyInstance } from 'fastify';
import { chatEndpoints } from '@turtle/shared/endpoints/chat.schemas';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
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
  route(app, chatEndpoints.conversations, { user: requireUser }, async ({ user }) => {
    return { conversations: (await listOwnConversations(db, user.id)).map(toSummary) };
  });

  route(app, chatEndpoints.conversation, { user: requireUser }, async ({ user, query: { id } }) => {
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

  route(app, chatEndpoints.rename, { user: requireUser }, async ({ user, body: { id, title } }) => {
    const row = await renameOwnConversation(db, user.id, id, title);
    if (!row) throw conversationNotFound();
    return { conversation: toSummary(row) };
  });

  route(app, chatEndpoints.delete, { user: requireUser }, async ({ user, body: { id } }) => {
    if (!(await findOwnConversation(db, user.id, id))) throw conversationNotFound();
    // A reply still being written stops at once here; elsewhere at its next save, when it finds its row gone.
    for (const messageId of await requestStop(db, id)) replies.stop(messageId);
    await deleteOwnConversation(db, user.id, id);
    return { ok: true };
  });

  /** Stop: the reply ends now and keeps what was written (status `stopped`). Nothing to stop is not an error. */
  route(app, chatEndpoints.stop, { user: requireUser }, async ({ user, body: { conversationId } }) => {
    if (!(await findOwnConversation(db, user.id, conversationId))) throw conversationNotFound();
    for (const messageId of await requestStop(db, conversationId)) replies.stop(messageId);
    return { ok: true };
  });
}
