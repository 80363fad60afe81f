import { searchEndpoints } from '@turtle/shared/endpoints/search';
import type { SearchResponse, SearchStatus } from '@turtle/shared/search';
import { api } from '../../../lib/api-client';

/** `GET /api/search` (docs/api.md "Search"): the caller's passages that match, best first, and whether by meaning too. */
export const searchPassages = async (q: string, signal?: AbortSignal): Promise<SearchResponse> =>
  api.call(searchEndpoints.search, { query: { q }, signal });

/** `GET /api/search/status`: semantic search for the caller, and how far their passages are embedded. */
export const searchStatus = async (signal?: AbortSignal): Promise<SearchStatus> =>
  api.call(searchEndpoints.status, { signal });
