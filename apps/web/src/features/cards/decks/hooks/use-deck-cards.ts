import { useEffect } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { ListCardsResponse } from '@turtle/shared/cards';
import { showAlert } from '../../../../lib/alert-store';
import { errorMessage, isNotFound } from '../../../../lib/error-message';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { useServerInfiniteQuery } from '../../../../lib/query/use-server-query';
import { listCards } from '../api/list-cards';

type Pages = InfiniteData<ListCardsResponse, number>;

const loadedCount = (pages: ListCardsResponse[]) => pages.reduce((count, page) => count + page.cards.length, 0);

/** Takes a deleted card out of the pages already read, so the next page starts where the server's does. */
export function dropDeckCard(deckId: string, cardId: string): void {
  queryClient.setQueryData<Pages>(queryKeys.deckCards(deckId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            cards: page.cards.filter((card) => card.id !== cardId),
            total: page.total - 1,
          })),
        }
      : data,
  );
}

/**
 * A deck's cards, newest first, a page at a time. Coming back to the deck shows the pages read before at once while
 * they are read again; a failure other than "no such deck" is an alert, and the cards already shown stay.
 */
export function useDeckCards(deckId: string) {
  const query = useServerInfiniteQuery({
    queryKey: queryKeys.deckCards(deckId),
    queryFn: ({ pageParam, signal }) => listCards(deckId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (loadedCount(pages) < last.total ? loadedCount(pages) : undefined),
  });
  const { error } = query;
  useEffect(() => {
    if (error && !isNotFound(error)) showAlert(errorMessage(error));
  }, [error]);

  const pages = query.data?.pages;
  return {
    cards: pages?.flatMap((page) => page.cards),
    total: pages?.at(-1)?.total,
    missing: isNotFound(error),
    showMore: () => void query.fetchNextPage(),
  };
}
