import {
  CONVERSATION_AUTO_TITLE_LENGTH,
  NEW_CONVERSATION_TITLE,
  type ConversationMessage,
  type ConversationSummary,
} from '@turtle/shared/conversation';
import type { ConversationRow, MessageRow } from '../../core/conversations/conversations.repository';

/** The owner column never leaves the server. */
export function toSummary({ id, title, createdAt, updatedAt }: ConversationRow): ConversationSummary {
  return { id, title, createdAt, updatedAt };
}

export function toMessage(row: MessageRow): ConversationMessage {
  const message: ConversationMessage = {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: row.createdAt,
    status: row.status,
  };
  if (row.role === 'user') {
    if (row.htmlContent !== null) message.htmlContent = row.htmlContent;
    if (row.lexicalContent !== null) message.lexicalContent = row.lexicalContent;
  } else {
    if (row.sources.length > 0) message.sources = row.sources;
    if (row.truncated) message.truncated = true;
  }
  return message;
}

/** A new conversation is named after its first message: one line, cut at a word where possible. */
export function titleFrom(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line === '') return NEW_CONVERSATION_TITLE;
  if (line.length <= CONVERSATION_AUTO_TITLE_LENGTH) return line;
  const cut = line.slice(0, CONVERSATION_AUTO_TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > CONVERSATION_AUTO_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut}\u2026`;
}
