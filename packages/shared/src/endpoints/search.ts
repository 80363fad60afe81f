import type { SearchQuerySchema, SearchResponse } from '../search';
import { endpointTable, get } from './endpoint';

/** docs/api.md "Search". */
export const searchEndpoints = endpointTable<SearchShapes>()({
  search: get('/api/search'),
});

type SearchShapes = {
  search: { query: typeof SearchQuerySchema; response: SearchResponse };
};
