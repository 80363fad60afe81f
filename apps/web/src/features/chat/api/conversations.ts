import type { Conversation, ConversationSummary } from '@turtle/shared/conversation';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import { api } from '../../../lib/api-client';
import { apiUrl } from '../../../lib/api-url';

/** The two reads the chat's route starts ahead (decision 030). */
export const CONVERSATIONS_PATH = apiUrl(chatEndpoints.conversations);
export const CHAT_USAGE_PATH = apiUrl(chatEndpoints.usage);

/** The kept conversations (rules.md "Chat"); each call is scoped to the signed-in user by the server. */
export const listConversations = async (signal?: AbortSignal): Promise<ConversationSummary[]> =>
  (await api.call(chatEndpoints.conversations, { signal })).conversations;

export const getConversation = async (id: string, signal?: AbortSignal): Promise<Conversation> =>
  (await api.call(chatEndpoints.conversation, { query: { id }, signal })).conversation;

export const renameConversation = async (id: string, title: string): Promise<ConversationSummary> =>
  (await api.call(chatEndpoints.rename, { body: { id, title } })).conversation;

export const deleteConversation = (id: string) => api.call(chatEndpoints.delete, { body: { id } });

/** Stop: the server ends the reply and keeps what was written, marked stopped. */
export const stopReply = (conversationId: string) => api.call(chatEndpoints.stop, { body: { conversationId } });

export const getChatUsage = (signal?: AbortSignal) => api.call(chatEndpoints.usage, { signal });
