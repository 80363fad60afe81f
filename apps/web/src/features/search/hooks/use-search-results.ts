import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SearchResult, SemanticUse } from '@turtle/shared/search';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { searchPassages } from '../api/search';

/** How long typing pauses before a search goes out. */
const TYPING_PAUSE_MS = 150;

/** Results as you type: the last query's stay shown while the next one is on its way. */
export function useSearchResults(text: string): {
  results: SearchResult[];
  searching: boolean;
  failed: boolean;
  query: string;
  /** Whether the shown results were found by meaning too (docs/decisions/048-semantic-search.md). */
  semantic: SemanticUse | undefined;
} {
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const read = useServerQuery({
    queryKey: queryKeys.search(query),
    queryFn: ({ signal }) => searchPassages(query, signal),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return {
    results: query === '' ? [] : (read.data?.results ?? []),
    semantic: query === '' ? undefined : read.data?.semantic,
    searching: query !== text.trim() || read.isFetching,
    failed: read.isError,
    query,
  };
}
