import type { SearchStatus } from '@turtle/shared/search';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { searchStatus } from '../api/search';

/** While the passages are being embedded (or the model is away), the count is read again this often. */
const POLL_MS = 3_000;

/** Semantic search's state for the search box (docs/decisions/048-semantic-search.md), kept current while it changes. */
export function useSemanticStatus(): SearchStatus | undefined {
  return useServerQuery({
    queryKey: queryKeys.searchStatus(),
    queryFn: ({ signal }) => searchStatus(signal),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.semantic === 'preparing' || query.state.data?.semantic === 'unavailable' ? POLL_MS : false,
  }).data;
}
