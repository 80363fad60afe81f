import type { SearchQuerySchema, SearchResponse, SearchStatus } from '../search';
import { endpointTable, get } from './endpoint';

/** docs/api.md "Search". */
export const searchEndpoints = endpointTable<SearchShapes>()({
  search: get('/api/search'),
  status: get('/api/search/status'),
});

type SearchShapes = {
  search: { query: typeof SearchQuerySchema; response: SearchResponse };
  status: { response: SearchStatus };
};
