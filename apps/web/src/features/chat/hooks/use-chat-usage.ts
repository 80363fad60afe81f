import { queryOptions } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ChatUsage } from '@turtle/shared/entitlements';
import { getChatUsage } from '../api/conversations';
import { JUST_READ_MS } from '../../../lib/query/query-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';

export const chatUsageQuery = queryOptions({
  queryKey: queryKeys.chatUsage,
  queryFn: ({ signal }) => getChatUsage(signal),
  staleTime: JUST_READ_MS,
});

/** Today's replies against the plan's limit (`GET /api/chat/usage`); null until known or when it cannot load. */
export function useChatUsage(): { usage: ChatUsage | null; refresh(): void } {
  const query = useServerQuery(chatUsageQuery);
  const { refetch } = query;
  // The meter is a help, not a gate: the server still enforces the limit, so a failed call hides it.
  return { usage: query.isError ? null : (query.data ?? null), refresh: useCallback(() => void refetch(), [refetch]) };
}
