import * as search from '../search';
import { withInputSchemas } from './input-schemas';
import { searchEndpoints as entries } from './search';

/** `./search.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const searchEndpoints = withInputSchemas(entries, {
  search: { query: search.SearchQuerySchema },
});
