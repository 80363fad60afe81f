// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OptimizerRun, OptimizerState } from '@turtle/shared/cards-optimizer';
import { cardAnalyticsEndpoints } from '@turtle/shared/endpoints/cards/analytics';
import { queryClient } from '../../../../lib/query/query-client';
import { queryKeys } from '../../../../lib/query/query-keys';
import { fakeApi } from '../../../../test/fake-api';
import { showRun, useOptimizer } from './use-optimizer';

const server = fakeApi();

const run = (status: OptimizerRun['status'], progress: number): OptimizerRun => ({
  id: 'r1',
  status,
  phase: 'Fitting',
  progress,
  result: null,
  message: null,
  createdAt: 1,
});
const state = (latest: OptimizerRun | null, personalized = false): OptimizerState => ({
  run: latest,
  reviews: 500,
  minReviews: 400,
  personalized,
});

const readState = server.of(cardAnalyticsEndpoints.optimizer);
const readRun = server.of(cardAnalyticsEndpoints.run);

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('useOptimizer', () => {
  it('polls a running run until it ends, then reads the state again and forgets the analytics it changed', async () => {
    readState.mockResolvedValueOnce(state(run('running', 0.1))).mockResolvedValue(state(run('done', 1), true));
    readRun.mockResolvedValueOnce({ run: run('running', 0.5) }).mockResolvedValue({ run: run('done', 1) });
    queryClient.setQueryData(queryKeys.analytics(30, null), { before: 'the fit' });
    const { result } = renderHook(() => useOptimizer());
    await waitFor(() => expect(result.current.run?.progress).toBe(0.5));
    await waitFor(() => expect(result.current.state?.personalized).toBe(true), { timeout: 3000 });
    expect(result.current.run?.status).toBe('done');
    expect(readState).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(queryKeys.analytics(30, null))).toBeUndefined();

    const polls = readRun.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(readRun.mock.calls.length).toBe(polls);
  });

  it('a run started here is shown and polled; without a running one nothing is polled', async () => {
    readState.mockResolvedValue(state(null));
    readRun.mockResolvedValue({ run: run('running', 0.7) });
    const { result } = renderHook(() => useOptimizer());
    await waitFor(() => expect(result.current.state).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(readRun).not.toHaveBeenCalled();

    act(() => showRun(run('running', 0)));
    await waitFor(() => expect(result.current.run?.status).toBe('running'));
    await waitFor(() => expect(result.current.run?.progress).toBe(0.7));
  });

  it('says why the state could not be read', async () => {
    const { ApiError } = await import('../../../../lib/api-client');
    readState.mockRejectedValue(new ApiError(403, { code: 'proRequired', message: 'Pro only.' }));
    const { result } = renderHook(() => useOptimizer());
    await waitFor(() => expect(result.current.error).toBe('Pro only.'));
    expect(result.current.state).toBeNull();
  });
});
