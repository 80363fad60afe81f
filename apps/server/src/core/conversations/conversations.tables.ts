/** The tables core/conversations owns (docs/architecture.md "Data"): kept conversations and their messages. */
import { bigint, bigserial, boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { MessageSource, MessageStatus } from '@turtle/shared/conversation';
import { users } from '../identity/identity.tables';

/** A kept chat conversation (rules.md "Chat"). Times in milliseconds. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('conversations_user_id_updated_idx').on(table.userId, table.updatedAt)],
);

/** One message of a conversation. A reply being written is saved as it grows (status `streaming`). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    /** Insertion order: a question and its reply can share a millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    htmlContent: text('html_content'),
    lexicalContent: text('lexical_content'),
    /** User messages: the notes they mention. */
    noteIds: jsonb('note_ids').$type<string[]>().notNull().default([]),
    /** Assistant messages: the notes the model saw. */
    sources: jsonb('sources').$type<MessageSource[]>().notNull().default([]),
    status: text('status').$type<MessageStatus>().notNull(),
    truncated: boolean('truncated').notNull().default(false),
    /** Set by Stop from any server process; the process writing the reply sees it at its next save. */
    stopRequested: boolean('stop_requested').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('chat_messages_conversation_seq_idx').on(table.conversationId, table.seq)],
);
