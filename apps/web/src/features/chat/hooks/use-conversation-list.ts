import { queryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ConversationSummary } from '@turtle/shared/conversation';
import { listConversations } from '../api/conversations';
import { errorMessage } from '../../../lib/error-message';
import { JUST_READ_MS, queryClient } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';

export interface ConversationList {
  conversations: ConversationSummary[];
  loaded: boolean;
  error: string | null;
  refresh(): void;
  /** Shows a change at once (a new, renamed or deleted conversation) before the next refresh confirms it. */
  upsert(conversation: ConversationSummary): void;
  remove(id: string): void;
}

const byActivity = (a: ConversationSummary, b: ConversationSummary) => b.updatedAt - a.updatedAt;
const NONE: ConversationSummary[] = [];

const edit = (change: (list: ConversationSummary[]) => ConversationSummary[]) =>
  queryClient.setQueryData<ConversationSummary[]>(queryKeys.conversations, (list) => change(list ?? []));

export const conversationListQuery = queryOptions({
  queryKey: queryKeys.conversations,
  queryFn: ({ signal }) => listConversations(signal),
  staleTime: JUST_READ_MS,
});

/** The person's conversations, latest activity first (`GET /api/chat/conversations`). */
export function useConversationList(): ConversationList {
  const query = useServerQuery(conversationListQuery);
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const upsert = useCallback((conversation: ConversationSummary) => {
    edit((list) => [conversation, ...list.filter((item) => item.id !== conversation.id)].sort(byActivity));
  }, []);
  const remove = useCallback((id: string) => edit((list) => list.filter((item) => item.id !== id)), []);

  return {
    conversations: query.data ?? NONE,
    loaded: !query.isPending,
    error: query.error ? errorMessage(query.error) : null,
    refresh,
    upsert,
    remove,
  };
}
