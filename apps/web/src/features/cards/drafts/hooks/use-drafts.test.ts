// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardAllowance } from '@turtle/shared/cards';
import type { CardDraft, DraftSourceRef, GenerateDraftsResponse } from '@turtle/shared/cards-drafts';
import { ApiError } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query/query-client';
import { cardDraftEndpoints } from '@turtle/shared/endpoints/cards/drafts';
import { queryKeys } from '../../../../lib/query/query-keys';
import { fakeApi } from '../../../../test/fake-api';
import { useDrafts } from './use-drafts';

const server = fakeApi();

const allowance = { used: 1, limit: 100 } as unknown as CardAllowance;
const draft = (id: string) => ({ id, kind: 'basic', front: id, back: '' }) as CardDraft;
const source = { kind: 'note', id: 'n1' } as unknown as DraftSourceRef;

const generate = server.of(cardDraftEndpoints.generate);
const list = server.of(cardDraftEndpoints.list);

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('useDrafts', () => {
  it('drafts from the source once, shows the tray it answers, and does not read the tray beside the drafting', async () => {
    let answer: (value: GenerateDraftsResponse) => void = () => undefined;
    generate.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    list.mockResolvedValue({ drafts: [draft('old'), draft('new')], allowance });
    const onDrafted = vi.fn();
    const { result, rerender } = renderHook(() => useDrafts(source, onDrafted));
    rerender();
    expect(result.current.status).toBe('drafting');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(list).not.toHaveBeenCalled();

    queryClient.setQueryData(queryKeys.decks, { drafts: 1 });
    act(() => answer({ drafts: [draft('old'), draft('new')], allowance, added: 1 }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.drafts.map((item) => item.id)).toEqual(['old', 'new']);
    expect(result.current.added).toBe(1);
    expect(generate).toHaveBeenCalledOnce();
    expect(onDrafted).toHaveBeenCalledOnce();
    // The decks screen's count of drafts waiting is read afresh next time.
    expect(queryClient.getQueryData(queryKeys.decks)).toBeUndefined();
  });

  it('when drafting fails, says why and still shows what was in the tray', async () => {
    generate.mockRejectedValue(new ApiError(429, { code: 'limit', message: 'No replies left today.' }));
    list.mockResolvedValue({ drafts: [draft('kept')], allowance });
    const { result } = renderHook(() => useDrafts(source, () => undefined));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.error).toBe('No replies left today.');
    expect(result.current.drafts.map((item) => item.id)).toEqual(['kept']);
  });

  it('without a source reads the tray; accepted or rejected drafts leave it at once', async () => {
    list.mockResolvedValue({ drafts: [draft('a'), draft('b'), draft('c')], allowance });
    const { result } = renderHook(() => useDrafts(undefined, () => undefined));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.drafts).toHaveLength(3));
    act(() => result.current.remove(['a', 'c']));
    await waitFor(() => expect(result.current.drafts.map((item) => item.id)).toEqual(['b']));
    expect(generate).not.toHaveBeenCalled();
  });

  it('a tray that cannot be read fails with the reason', async () => {
    list.mockRejectedValue(new ApiError(400, { code: 'x', message: 'Bad tray.' }));
    const { result } = renderHook(() => useDrafts(undefined, () => undefined));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Bad tray.');
  });
});
