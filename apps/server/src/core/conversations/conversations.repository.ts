import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { chatMessages, conversations } from './conversations.tables';
import { indexEndedReplies, removeConversationFromIndex } from './messages-index';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'seq'>;

/** Every query names the owner: a conversation id alone never reaches another user's rows. */
export async function listOwnConversations(db: DbOrTx, userId: string): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt));
}

export async function findOwnConversation(db: DbOrTx, userId: string, id: string) {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
  return rows[0];
}

export async function insertConversation(db: DbOrTx, values: ConversationRow): Promise<ConversationRow> {
  const rows = await db.insert(conversations).values(values).returning();
  return rows[0]!;
}

export async function renameOwnConversation(db: DbOrTx, userId: string, id: string, title: string) {
  const rows = await db
    .update(conversations)
    .set({ title })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning();
  return rows[0];
}

export async function touchConversation(db: DbOrTx, id: string, now: number) {
  await db.update(conversations).set({ updatedAt: now }).where(eq(conversations.id, id));
}

/** The conversation, its messages and their passages in the index (decision 036), in one transaction. */
export async function deleteOwnConversation(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    if (rows.length > 0) await removeConversationFromIndex(tx, userId, id);
    return rows.length > 0;
  });
}

/** The messages of the caller's own conversation, in order (none for another user's). */
export async function listOwnMessages(db: DbOrTx, userId: string, conversationId: string): Promise<MessageRow[]> {
  const rows = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.conversationId, conversationId), eq(conversations.userId, userId)))
    .orderBy(asc(chatMessages.seq));
  return rows.map((row) => row.message);
}

/** An assistant reply in one of the caller's own conversations, with that conversation's title (none for another's). */
export async function findOwnReply(db: DbOrTx, userId: string, messageId: string) {
  const rows = await db
    .select({ content: chatMessages.content, conversationId: conversations.id, title: conversations.title })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, messageId), eq(conversations.userId, userId), eq(chatMessages.role, 'assistant')));
  return rows[0];
}

/** In the order they were written. Callers have already checked that the conversation is the caller's. */
export async function listMessages(db: DbOrTx, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.seq));
}

export async function insertMessage(db: DbOrTx, values: NewMessage): Promise<MessageRow> {
  const rows = await db.insert(chatMessages).values(values).returning();
  return rows[0]!;
}

/** Saves the reply so far; answers whether Stop was asked for (from any server process), or undefined if gone. */
export async function saveReplyProgress(db: DbOrTx, id: string, content: string): Promise<boolean | undefined> {
  const rows = await db
    .update(chatMessages)
    .set({ content })
    .where(and(eq(chatMessages.id, id), eq(chatMessages.status, 'streaming')))
    .returning({ stopRequested: chatMessages.stopRequested });
  return rows[0]?.stopRequested;
}

export async function finishReply(
  db: DbOrTx,
  id: string,
  values: Pick<MessageRow, 'content' | 'status' | 'truncated'>,
): Promise<void> {
  await db.update(chatMessages).set(values).where(eq(chatMessages.id, id));
}

export async function deleteMessage(db: DbOrTx, id: string): Promise<void> {
  await db.delete(chatMessages).where(eq(chatMessages.id, id));
}

/** Deletes the replies after message `seq` (regenerate replaces the last reply); answers their ids. */
export async function deleteRepliesAfter(db: DbOrTx, conversationId: string, seq: number): Promise<string[]> {
  const rows = await db
    .delete(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        gt(chatMessages.seq, seq),
        eq(chatMessages.role, 'assistant'),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.map((row) => row.id);
}

/** Asks the conversation's reply in progress to stop; answers the ids of the replies asked. */
export async function requestStop(db: DbOrTx, conversationId: string): Promise<string[]> {
  const rows = await db
    .update(chatMessages)
    .set({ stopRequested: true })
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.status, 'streaming')))
    .returning({ id: chatMessages.id });
  return rows.map((row) => row.id);
}

/**
 * Replies left `streaming` by a process that died can never finish: the conversation shows them as stopped.
 * Called with the ids of the replies this user has no live stream for.
 */
export async function markRepliesStopped(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    const stopped = await tx
      .update(chatMessages)
      .set({ status: 'stopped' })
      .where(and(inArray(chatMessages.id, ids), eq(chatMessages.status, 'streaming')))
      .returning(ENDED);
    await indexEndedReplies(tx, stopped, Date.now());
  });
}

const ENDED = { id: chatMessages.id, conversationId: chatMessages.conversationId, content: chatMessages.content };

/** At the start of the only server process: every reply still `streaming` was cut by a crash, and is stopped. */
export async function stopEveryStreamingReply(db: DbOrTx): Promise<void> {
  await db.transaction(async (tx) => {
    const stopped = await tx
      .update(chatMessages)
      .set({ status: 'stopped' })
      .where(and(eq(chatMessages.status, 'streaming'), eq(chatMessages.role, 'assistant')))
      .returning(ENDED);
    await indexEndedReplies(tx, stopped, Date.now());
  });
}
