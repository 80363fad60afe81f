import { queryOptions } from '@tanstack/react-query';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query/query-keys';
import { browserTimeZone } from '../../../lib/time-zone';

/**
 * The person's decks, for the chat's "One deck" scope (decision 044): the cards screen's read under its key
 * (decision 025), so either screen finds the other's copy in the cache.
 */
export const decksQuery = queryOptions({
  queryKey: queryKeys.decks,
  queryFn: ({ signal }) => api.call(cardDeckEndpoints.decks, { query: { tz: browserTimeZone() }, signal }),
});
