// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardNoteView, ListCardsResponse } from '@turtle/shared/cards';
import { useAlertStore } from '../../../../lib/alert-store';
import { ApiError } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query/query-client';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { fakeApi } from '../../../../test/fake-api';
import { dropDeckCard, useDeckCards } from './use-deck-cards';

const server = fakeApi();

const TOTAL = 150;
const note = (index: number) => ({ id: `c${index}`, deckId: 'd1', front: `Card ${index}` }) as CardNoteView;
/** The server's pages: `offset` onwards, 100 at a time, of `total` cards. */
const serverPage = (offset: number, total = TOTAL): ListCardsResponse => ({
  cards: Array.from({ length: Math.min(100, total - offset) }, (_, index) => note(offset + index)),
  total,
});

const list = server.of(cardDeckEndpoints.list);
const offsetOf = (call: Parameters<typeof list>) => Number(call[0].query.offset);

beforeEach(() => {
  list.mockImplementation(({ query }) => Promise.resolve(serverPage(Number(query.offset))));
  useAlertStore.setState({ alert: null });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('useDeckCards', () => {
  it('reads 100 cards, then the rest from where the list ends', async () => {
    const { result } = renderHook(() => useDeckCards('d1'));
    await waitFor(() => expect(result.current.cards).toHaveLength(100));
    expect(result.current.total).toBe(TOTAL);
    act(() => result.current.showMore());
    await waitFor(() => expect(result.current.cards).toHaveLength(TOTAL));
    expect(list.mock.calls.map(offsetOf)).toEqual([0, 100]);
  });

  it('after a delete the next page starts one earlier, as the server’s does', async () => {
    const { result } = renderHook(() => useDeckCards('d1'));
    await waitFor(() => expect(result.current.cards).toHaveLength(100));
    act(() => dropDeckCard('d1', 'c5'));
    await waitFor(() => expect(result.current.total).toBe(TOTAL - 1));
    expect(result.current.cards?.map((card) => card.id)).not.toContain('c5');
    act(() => result.current.showMore());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    expect(offsetOf(list.mock.calls[1]!)).toBe(99);
  });

  it('coming back shows the pages read before at once, and reads them again', async () => {
    const first = renderHook(() => useDeckCards('d1'));
    await waitFor(() => expect(first.result.current.cards).toHaveLength(100));
    first.unmount();
    list.mockImplementation(({ query }) => Promise.resolve(serverPage(Number(query.offset), TOTAL + 1)));
    const again = renderHook(() => useDeckCards('d1'));
    expect(again.result.current.cards).toHaveLength(100);
    expect(again.result.current.total).toBe(TOTAL);
    await waitFor(() => expect(again.result.current.total).toBe(TOTAL + 1));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('a deck that is gone is "missing", without an alert; another failure is an alert', async () => {
    list.mockRejectedValueOnce(new ApiError(404, { code: 'notFound', message: 'No such deck.' }));
    const gone = renderHook(() => useDeckCards('gone'));
    await waitFor(() => expect(gone.result.current.missing).toBe(true));
    expect(useAlertStore.getState().alert).toBeNull();

    list.mockRejectedValueOnce(new ApiError(400, { code: 'invalid', message: 'Send a deck id.' }));
    const broken = renderHook(() => useDeckCards('broken'));
    await waitFor(() => expect(useAlertStore.getState().alert?.message).toBe('Send a deck id.'));
    expect(broken.result.current.missing).toBe(false);
    expect(broken.result.current.cards).toBeUndefined();
  });
});
