// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GradeResponse, NextCardResponse, ReviewCard } from '@turtle/shared/cards-review';
import { cardReviewEndpoints } from '@turtle/shared/endpoints/cards/review';
import { queryClient } from '../../../../lib/query/query-client';
import { fakeApi } from '../../../../test/fake-api';
import { cardsChanged } from '../../shared/lib/cards-changed';
import { useReviewSession } from './use-review-session';

const server = fakeApi();

const interval = { label: '1d', days: 1 };
const card = (id: string): ReviewCard =>
  ({
    id,
    noteId: `note-${id}`,
    deckId: 'd1',
    deckName: 'Latin',
    kind: 'basic',
    ordinal: 0,
    front: `front ${id}`,
    back: `back ${id}`,
    source: null,
    state: 0,
    intervals: { 1: interval, 2: interval, 3: interval, 4: interval },
    base: { reps: 0, lastReview: null },
  }) as unknown as ReviewCard;
const answer = (id: string | null, left: number): NextCardResponse => ({
  card: id ? card(id) : null,
  counts: { new: left, learning: 0, review: 0 },
  nextDueAt: null,
});

const nextCard = server.of(cardReviewEndpoints.next);
const gradeCard = server.of(cardReviewEndpoints.grade);
/** The grade's answer, carrying the queue's next card. */
const graded = (next: NextCardResponse): GradeResponse => ({ cardId: 'graded', state: 1, due: 0, next });
const open = () => renderHook(() => useReviewSession('d1'));

// The app's client is mounted (it reads what is on screen again when the network comes back); the queue must stay
// put all the same.
beforeAll(() => queryClient.mount());
afterAll(() => queryClient.unmount());
beforeEach(() => {
  gradeCard.mockResolvedValue({ cardId: 'graded', state: 1, due: 0 });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('useReviewSession', () => {
  it('shows the first card, and after a grade the next one with its answer hidden', async () => {
    nextCard.mockResolvedValueOnce(answer('a', 2));
    gradeCard.mockResolvedValueOnce(graded(answer('b', 1)));
    const { result } = open();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.card?.id).toBe('a'));
    act(() => result.current.reveal());
    act(() => result.current.grade(3));
    await waitFor(() => expect(result.current.card?.id).toBe('b'));
    expect(result.current.revealed).toBe(false);
    expect(result.current.summary.reviewed).toBe(1);
    expect(result.current.counts.new).toBe(1);
  });

  it('makes one request per grade: the grade’s answer carries the next card, the queue is not asked again', async () => {
    nextCard.mockResolvedValueOnce(answer('a', 3));
    gradeCard
      .mockResolvedValueOnce(graded(answer('b', 2)))
      .mockResolvedValueOnce(graded(answer('c', 1)))
      .mockResolvedValueOnce(graded(answer(null, 0)));
    const { result } = open();
    const steps = [
      ['a', 3, 'b'],
      ['b', 1, 'c'],
      ['c', 4, null],
    ] as const;
    for (const [shown, rating, following] of steps) {
      await waitFor(() => expect(result.current.card?.id).toBe(shown));
      await waitFor(() => expect(result.current.busy).toBe(false));
      act(() => result.current.reveal());
      act(() => result.current.grade(rating));
      await waitFor(() => expect(result.current.card?.id ?? null).toBe(following));
    }
    expect(result.current.status).toBe('done');
    expect(result.current.summary.reviewed).toBe(3);
    expect(nextCard).toHaveBeenCalledOnce();
    expect(gradeCard).toHaveBeenCalledTimes(3);
    // The queue the grade's next card comes from: this deck's, in the learner's time zone.
    expect(gradeCard.mock.calls[0]![0].body.queue).toEqual({ deckId: 'd1', tz: expect.any(String), ahead: false });
  });

  it('an answer kept from before it carried the next card (a replayed key) reads the queue instead', async () => {
    nextCard.mockResolvedValueOnce(answer('a', 2)).mockResolvedValueOnce(answer('b', 1));
    const { result } = open();
    await waitFor(() => expect(result.current.card?.id).toBe('a'));
    act(() => result.current.reveal());
    act(() => result.current.grade(3));
    await waitFor(() => expect(result.current.card?.id).toBe('b'));
    expect(result.current.summary.reviewed).toBe(1);
    expect(nextCard).toHaveBeenCalledTimes(2);
  });

  it('sends the state the card was shown in with the grade', async () => {
    nextCard.mockResolvedValueOnce(answer('a', 2));
    gradeCard.mockResolvedValueOnce(graded(answer('b', 1)));
    const { result } = open();
    await waitFor(() => expect(result.current.card?.id).toBe('a'));
    act(() => result.current.reveal());
    act(() => result.current.grade(4));
    await waitFor(() => expect(result.current.card?.id).toBe('b'));
    expect(gradeCard).toHaveBeenCalledWith(
      expect.objectContaining({
        body: expect.objectContaining({
          cardId: 'a',
          rating: 4,
          durationMs: expect.any(Number),
          base: { reps: 0, lastReview: null },
        }),
      }),
    );
  });

  it('a 409 (the card was already reviewed) moves on to the next card: no error, nothing counted, no undo', async () => {
    const { ApiError } = await import('../../../../lib/api-client');
    gradeCard.mockRejectedValueOnce(
      new ApiError(409, { code: 'conflict', message: 'This card was already reviewed.' }),
    );
    nextCard.mockResolvedValueOnce(answer('a', 2)).mockResolvedValueOnce(answer('b', 1));
    const { result } = open();
    await waitFor(() => expect(result.current.card?.id).toBe('a'));
    act(() => result.current.reveal());
    act(() => result.current.grade(3));
    await waitFor(() => expect(result.current.card?.id).toBe('b'));
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
    expect(result.current.summary.reviewed).toBe(0);
    expect(result.current.canUndo).toBe(false);
    expect(gradeCard).toHaveBeenCalledOnce();
    expect(nextCard).toHaveBeenCalledTimes(2);
  });

  it('counts a grade together with the next card, never while it is still busy fetching it', async () => {
    let arrive!: (answer: GradeResponse) => void;
    nextCard.mockResolvedValueOnce(answer('a', 2));
    gradeCard.mockImplementationOnce(() => new Promise<GradeResponse>((resolve) => (arrive = resolve)));
    const { result } = open();
    await waitFor(() => expect(result.current.card?.id).toBe('a'));
    act(() => result.current.reveal());
    act(() => result.current.grade(3));
    await waitFor(() => expect(gradeCard).toHaveBeenCalledOnce());
    expect(result.current.busy).toBe(true);
    expect(result.current.summary.reviewed).toBe(0);
    await act(async () => arrive(graded(answer('b', 1))));
    await waitFor(() => expect(result.current.card?.id).toBe('b'));
    expect(result.current.summary.reviewed).toBe(1);
    expect(result.current.busy).toBe(false);
  });

  it('does not read the queue again under the learner: not after a change elsewhere, nor when the network returns', async () => {
    nextCard.mockResolvedValueOnce(answer('a', 2)).mockResolvedValue(answer('other', 1));
    const { result } = open();
    await waitFor(() => expect(result.current.card?.id).toBe('a'));
    act(() => result.current.reveal());
    act(() => {
      cardsChanged();
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
      window.dispatchEvent(new Event('focus'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nextCard).toHaveBeenCalledOnce();
    expect(result.current.card?.id).toBe('a');
    expect(result.current.revealed).toBe(true);
  });

  it('a new visit starts from the server’s queue, not from the card an earlier one stopped at', async () => {
    nextCard.mockResolvedValueOnce(answer('a', 2));
    const first = open();
    await waitFor(() => expect(first.result.current.card?.id).toBe('a'));
    first.unmount();
    await new Promise((resolve) => setTimeout(resolve, 10));

    let answerSecond: (value: NextCardResponse) => void = () => undefined;
    nextCard.mockReturnValueOnce(new Promise((resolve) => (answerSecond = resolve)));
    const second = open();
    expect(second.result.current.status).toBe('loading');
    expect(second.result.current.card).toBeNull();
    act(() => answerSecond(answer('c', 1)));
    await waitFor(() => expect(second.result.current.card?.id).toBe('c'));
  });

  it('a failed first read offers Try again, which reads the queue again', async () => {
    const { ApiError } = await import('../../../../lib/api-client');
    nextCard.mockRejectedValueOnce(new ApiError(400, { code: 'x', message: 'Not today.' }));
    nextCard.mockResolvedValueOnce(answer('a', 1));
    const { result } = open();
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Not today.');
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.card?.id).toBe('a'));
    expect(result.current.error).toBeNull();
  });
});
