import {
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { queryClient } from './query-client';

/** `useQuery` on the app's one client (decision 025). */
export function useServerQuery<T, Key extends QueryKey>(options: UseQueryOptions<T, Error, T, Key>): UseQueryResult<T> {
  return useQuery(options, queryClient);
}

/** `useInfiniteQuery` on the app's one client: a list read a page at a time ("Show 100 more"). */
export function useServerInfiniteQuery<Page, Key extends QueryKey, Param>(
  options: UseInfiniteQueryOptions<Page, Error, InfiniteData<Page, Param>, Key, Param>,
): UseInfiniteQueryResult<InfiniteData<Page, Param>> {
  return useInfiniteQuery(options, queryClient);
}
