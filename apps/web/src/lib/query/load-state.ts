import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../error-message';

/** What a screen draws for one server read: its skeleton, the data, or the error with a Retry. */
export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: unknown; message: string; retry: () => void };

/**
 * A query as a screen draws it. Data it already has stays on screen while it refreshes (even when the refresh
 * fails); an error shows only when there is nothing to show, and a Retry draws the skeleton again until it settles.
 */
export function toLoadState<T>(
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isFetching' | 'refetch'>,
): LoadState<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  if (query.error && !query.isFetching) {
    const { error, refetch } = query;
    return { status: 'failed', error, message: errorMessage(error), retry: () => void refetch() };
  }
  return { status: 'loading' };
}
