import { queryOptions } from '@tanstack/react-query';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query/query-keys';

/**
 * The home's reads. Each uses the key of the screen that owns the data (decision 025), so opening that screen from
 * the home finds it in the cache, and a write there refreshes the home.
 */
export const cardsSummaryQuery = (timeZone: string) =>
  queryOptions({
    queryKey: queryKeys.cardsSummary(timeZone),
    queryFn: ({ signal }) => api.call(cardDeckEndpoints.summary, { query: { tz: timeZone }, signal }),
  });

export const conversationsQuery = queryOptions({
  queryKey: queryKeys.conversations,
  queryFn: async ({ signal }) => (await api.call(chatEndpoints.conversations, { signal })).conversations,
});

export const lessonsQuery = queryOptions({
  queryKey: queryKeys.lessons,
  queryFn: ({ signal }) => api.call(lessonEndpoints.list, { signal }),
});

/** The account's lesson positions (decision 021); the completed marks are the device's, never read from here. */
export const lessonProgressQuery = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.lessonProgress(userId),
    queryFn: async ({ signal }) => (await api.call(lessonEndpoints.progress, { signal })).progress,
  });
