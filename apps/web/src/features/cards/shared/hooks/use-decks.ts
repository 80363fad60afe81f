import { useCallback } from 'react';
import type { ListDecksResponse } from '@turtle/shared/cards';
import { isInDeck } from '@turtle/shared/cards-deck-tree';
import { toLoadState, type LoadState } from '../../../../lib/query/load-state';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { useServerQuery } from '../../../../lib/query/use-server-query';
import { listDecks } from '../api/list-decks';

export type DecksState = LoadState<ListDecksResponse>;

/** The person's decks with today's counts; `refresh` after a change. */
export function useDecks(): { state: DecksState; refresh: () => void } {
  const query = useServerQuery({ queryKey: queryKeys.decks, queryFn: ({ signal }) => listDecks(signal) });
  const { refetch } = query;
  return { state: toLoadState(query), refresh: useCallback(() => void refetch(), [refetch]) };
}

/**
 * A deleted deck leaves the list at once with its subdecks (docs/decisions/041-subdecks.md): the decks screen it goes
 * back to never shows them, even while it reads.
 */
export function dropDeck(deckId: string): void {
  queryClient.setQueryData<ListDecksResponse>(queryKeys.decks, (data) => {
    const gone = data?.decks.find((deck) => deck.id === deckId);
    return data && gone ? { ...data, decks: data.decks.filter((deck) => !isInDeck(deck.name, gone.name)) } : data;
  });
}
