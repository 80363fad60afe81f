import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { toLoadState } from './load-state';

const base = { data: undefined, error: null, isFetching: false, refetch: vi.fn() };

describe('toLoadState', () => {
  it('is loading until the first answer', () => {
    expect(toLoadState({ ...base, isFetching: true })).toEqual({ status: 'loading' });
  });

  it('shows the data, and keeps showing it while a refresh runs or after one fails', () => {
    expect(toLoadState({ ...base, data: 3 })).toEqual({ status: 'ready', data: 3 });
    expect(toLoadState({ ...base, data: 3, isFetching: true })).toEqual({ status: 'ready', data: 3 });
    expect(toLoadState({ ...base, data: 3, error: new Error('later') })).toEqual({ status: 'ready', data: 3 });
  });

  it("fails with the server's message and a retry that asks again", () => {
    const refetch = vi.fn();
    const error = new ApiError(500, { code: 'internal', message: 'The server is down.' });
    const state = toLoadState({ ...base, error, refetch });
    expect(state).toMatchObject({ status: 'failed', error, message: 'The server is down.' });
    if (state.status === 'failed') state.retry();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('draws the skeleton again while a retry runs', () => {
    const error = new ApiError(0, { code: 'network', message: 'Cannot reach Turtle.' });
    expect(toLoadState({ ...base, error, isFetching: true })).toEqual({ status: 'loading' });
  });
});
