import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** `useQuery` on the app's one client (decision 025). */
export function useServerQuery<T, Key extends QueryKey>(options: UseQueryOptions<T, Error, T, Key>): UseQueryResult<T> {
  return useQuery(options, queryClient);
}
