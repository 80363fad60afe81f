import type { ChatUsage } from '@turtle/shared/entitlements';
import type {
  Conversation,
  ConversationSummary,
  GetConversationResponse,
  ListConversationsResponse,
} from '@turtle/shared/conversation';
import { api } from '../../../lib/api-client';

export const CONVERSATIONS_PATH = '/api/chat/conversations';
export const CHAT_USAGE_PATH = '/api/chat/usage';

/** The kept conversations (rules.md "Chat"); each call is scoped to the signed-in user by the server. */
export const listConversations = async (signal?: AbortSignal): Promise<ConversationSummary[]> =>
  (await api.get<ListConversationsResponse>(CONVERSATIONS_PATH, signal)).conversations;

export const getConversation = async (id: string, signal?: AbortSignal): Promise<Conversation> =>
  (await api.get<GetConversationResponse>(`/api/chat/conversations/get?id=${encodeURIComponent(id)}`, signal))
    .conversation;

export const renameConversation = async (id: string, title: string): Promise<ConversationSummary> =>
  (await api.postJson<{ conversation: ConversationSummary }>('/api/chat/conversations/rename', { id, title }))
    .conversation;

export const deleteConversation = (id: string) =>
  api.postJson<{ ok: boolean }>('/api/chat/conversations/delete', { id });

/** Stop: the server ends the reply and keeps what was written, marked stopped. */
export const stopReply = (conversationId: string) =>
  api.postJson<{ ok: boolean }>('/api/chat/stop', { conversationId });

export const getChatUsage = (signal?: AbortSignal) => api.get<ChatUsage>(CHAT_USAGE_PATH, signal);
