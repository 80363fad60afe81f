// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { cardsChanged } from './cards-changed';

afterEach(() => queryClient.clear());

/** A screen on show reading `key`: its observer keeps the query active. */
function onScreen(key: readonly unknown[], read: () => Promise<unknown>, options: { staleTime?: number } = {}) {
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: read, ...options });
  return observer.subscribe(() => undefined);
}

describe('cardsChanged', () => {
  it('forgets the cards reads no screen shows, so going back reads them afresh instead of showing the old copy', () => {
    queryClient.setQueryData(queryKeys.decks, { decks: ['before'] });
    queryClient.setQueryData(queryKeys.analytics(30, null), { reviews: 1 });
    queryClient.setQueryData(queryKeys.conversations, ['kept']);
    cardsChanged();
    expect(queryClient.getQueryData(queryKeys.decks)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.analytics(30, null))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.conversations)).toEqual(['kept']);
  });

  it('reads the screen on show again, keeping what it shows meanwhile', async () => {
    const read = vi.fn().mockResolvedValueOnce({ cards: 1 }).mockResolvedValueOnce({ cards: 2 });
    const stop = onScreen(queryKeys.deckCards('d1'), read);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.deckCards('d1'))).toEqual({ cards: 1 }));
    cardsChanged();
    expect(queryClient.getQueryData(queryKeys.deckCards('d1'))).toEqual({ cards: 1 });
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.deckCards('d1'))).toEqual({ cards: 2 }));
    expect(read).toHaveBeenCalledTimes(2);
    stop();
  });

  it('never reads the review queue again under the learner', async () => {
    const read = vi.fn().mockResolvedValue({ card: 'the card on screen' });
    const stop = onScreen(queryKeys.reviewQueue(undefined), read, { staleTime: Infinity });
    await vi.waitFor(() => expect(read).toHaveBeenCalledOnce());
    cardsChanged();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read).toHaveBeenCalledOnce();
    expect(queryClient.getQueryState(queryKeys.reviewQueue(undefined))?.isInvalidated).toBe(false);
    stop();
  });

  it("reads the header's due count again", async () => {
    const read = vi.fn().mockResolvedValueOnce({ dueToday: 3 }).mockResolvedValueOnce({ dueToday: 2 });
    const stop = onScreen(queryKeys.cardsSummary('UTC'), read);
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.cardsSummary('UTC'))).toEqual({ dueToday: 3 }));
    cardsChanged();
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKeys.cardsSummary('UTC'))).toEqual({ dueToday: 2 }));
    stop();
  });
});
