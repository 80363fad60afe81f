import { randomUUID } from 'node:crypto';
import type { ChatSendBody, ChatSendMeta, MessageSource } from '@turtle/shared/conversation';
import type { DbOrTx } from '../../db/database';
import type { NoteRow } from '../../core/notes/notes.repository';
import type { UserRow } from '../../core/identity/users.repository';
import { titleFrom, toMessage, toSummary } from './conversation-shapes';
import {
  deleteRepliesAfter,
  insertConversation,
  insertMessage,
  touchConversation,
  type ConversationRow,
  type MessageRow,
} from '../../core/conversations/conversations.repository';
import { indexMessage, removeMessages } from '../../core/conversations/messages-index';

interface Exchange {
  user: UserRow;
  body: ChatSendBody;
  /** The caller's conversation, found before; undefined for a new one. */
  existing: ConversationRow | undefined;
  /** Regenerate: the question whose reply is replaced. */
  lastQuestion: MessageRow | undefined;
  notes: NoteRow[];
  /** With no note mentioned, the notes found for the question, numbered (decision 036). */
  found: MessageSource[];
  /** The reply's id, chosen before (its stream slot names it). */
  messageId: string;
}

/**
 * One transaction: the conversation (new, or the caller's own, touched), the question (or the old reply dropped)
 * and the empty reply, `streaming`. Answers the stream's first event.
 */
export async function saveExchange(
  db: DbOrTx,
  { user, body, existing, lastQuestion, notes, found, messageId }: Exchange,
): Promise<{ conversationId: string; meta: ChatSendMeta }> {
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
      // The question joins the index with it (decision 036); its reply does when it is finished.
      await indexMessage(tx, user.id, userMessage, now);
    } else if (lastQuestion) {
      await removeMessages(tx, user.id, await deleteRepliesAfter(tx, conversation.id, lastQuestion.seq));
    }
    const sources = notes.length > 0 ? notes.map(({ id, name }) => ({ id, name })) : found;
    await insertMessage(tx, {
      id: messageId,
      conversationId: conversation.id,
      role: 'assistant',
      content: '',
      sources,
      status: 'streaming',
      createdAt: now,
    });
    // A new conversation was made with this time already.
    if (existing) await touchConversation(tx, conversation.id, now);
    const meta: ChatSendMeta = {
      conversation: toSummary({ ...conversation, updatedAt: now }),
      assistantMessageId: messageId,
      sources,
    };
    if (userMessage) meta.userMessage = toMessage(userMessage);
    return { conversationId: conversation.id, meta };
  });
}
