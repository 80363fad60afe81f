import { searchEndpoints } from '@turtle/shared/endpoints/search';
import type { SearchResult } from '@turtle/shared/search';
import { api } from '../../../lib/api-client';

/** `GET /api/search` (docs/api.md "Search"): the caller's passages that match, best first. */
export const searchPassages = async (q: string, signal?: AbortSignal): Promise<SearchResult[]> =>
  (await api.call(searchEndpoints.search, { query: { q }, signal })).results;
