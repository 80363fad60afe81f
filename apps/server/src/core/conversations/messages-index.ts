import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { indexSource, removeSource, removeSourcesOf } from '../knowledge/passages.repository';
import { chatMessages, conversations } from './conversations.tables';
import { indexInBatches } from '../knowledge/in-batches';
import { stillWithoutPassages, withoutPassages } from '../knowledge/unindexed';

/** A kept message as the index reads it. */
export interface IndexedMessage {
  id: string;
  conversationId: string;
  content: string;
}

/**
 * A person's own chat message (a question or a finished reply) as passages of the index (decision 036), in the
 * transaction that saves it. Its conversation's title is read with its passages, so a rename needs no write here.
 * A message with no text has nothing to find.
 */
export async function indexMessage(db: DbOrTx, userId: string, message: IndexedMessage, now: number): Promise<void> {
  if (message.content.trim() === '') return removeSource(db, userId, 'chat', message.id);
  await indexSource(
    db,
    {
      userId,
      kind: 'chat',
      sourceId: message.id,
      parentId: message.conversationId,
      title: '',
      text: message.content,
    },
    now,
  );
}

export async function removeMessages(db: DbOrTx, userId: string, messageIds: string[]): Promise<void> {
  for (const id of messageIds) await removeSource(db, userId, 'chat', id);
}

export async function removeConversationFromIndex(db: DbOrTx, userId: string, conversationId: string): Promise<void> {
  await removeSourcesOf(db, userId, 'chat', conversationId);
}

/** Replies that ended without their writer (stopped after a crash): indexed with what they kept. */
export async function indexEndedReplies(db: DbOrTx, replies: IndexedMessage[], now: number): Promise<void> {
  if (replies.length === 0) return;
  const owners = await db
    .select({ id: conversations.id, userId: conversations.userId })
    .from(conversations)
    .where(
      inArray(
        conversations.id,
        replies.map((reply) => reply.conversationId),
      ),
    );
  const ownerOf = new Map(owners.map((row) => [row.id, row.userId]));
  for (const reply of replies) {
    const userId = ownerOf.get(reply.conversationId);
    if (userId) await indexMessage(db, userId, reply, now);
  }
}

const BATCH = 100;

const notIndexed = withoutPassages('chat', chatMessages.id);

/**
 * Messages kept before the index held chats get their passages, a batch at a time, each batch locking its rows
 * first, as notes do (decision 036): a reply finishing at the same moment waits or is waited for. Returns how many
 * messages were indexed. Safe to run in several processes at once.
 */
export function indexMessagesLeftOut(db: Db, shouldStop: () => boolean = () => false): Promise<number> {
  return indexInBatches(db, shouldStop, async (tx) => {
    const batch = await tx
      .select({
        id: chatMessages.id,
        conversationId: chatMessages.conversationId,
        content: chatMessages.content,
        userId: conversations.userId,
      })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .where(and(ne(chatMessages.status, 'streaming'), sql`btrim(${chatMessages.content}) <> ''`, notIndexed))
      .orderBy(asc(chatMessages.seq))
      .limit(BATCH)
      .for('update', { of: chatMessages, skipLocked: true });
    if (batch.length === 0) return 0;
    const left = await stillWithoutPassages(
      tx,
      'chat',
      chatMessages.id,
      batch.map((message) => message.id),
    );
    const now = Date.now();
    for (const message of batch) if (left.has(message.id)) await indexMessage(tx, message.userId, message, now);
    return batch.length;
  });
}
