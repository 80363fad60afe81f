import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { EMPTY_USER, useTurtleStore } from '../turtle-store';
import { createQueryClient, forgetOnUserChange, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError(status, { code: 'x', message: 'x' });

describe('shouldRetry', () => {
  it('never asks again after a 4xx: the answer would be the same', () => {
    for (const status of [400, 401, 403, 404, 429]) expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it('asks once more after a network failure or a 5xx, then gives up', () => {
    expect(shouldRetry(0, apiError(0))).toBe(true);
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(0, new TypeError('boom'))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('does not refetch on window focus and does not retry writes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
  });

  const countCalls = async (status: number) => {
    const client = createQueryClient();
    let calls = 0;
    const failing = client.fetchQuery({
      queryKey: ['read'],
      queryFn: () => {
        calls += 1;
        return Promise.reject(apiError(status));
      },
    });
    await expect(failing).rejects.toBeInstanceOf(ApiError);
    return calls;
  };

  it('answers a 404 at once and asks once more after a 503', async () => {
    expect(await countCalls(404)).toBe(1);
    expect(await countCalls(503)).toBe(2);
  });
});

describe('forgetOnUserChange', () => {
  const person = (id: string) => ({ ...EMPTY_USER, id, name: id });

  it('forgets every read when the person signs out or someone else signs in, not when their own status refreshes', () => {
    useTurtleStore.setState({ user: person('ada') });
    const client = createQueryClient();
    const stop = forgetOnUserChange(client);
    client.setQueryData(['chat', 'conversations'], ['Ada’s chat']);

    useTurtleStore.getState().setUser(person('ada'));
    expect(client.getQueryData(['chat', 'conversations'])).toEqual(['Ada’s chat']);

    useTurtleStore.getState().logOut();
    expect(client.getQueryData(['chat', 'conversations'])).toBeUndefined();

    client.setQueryData(['account'], 'signed out');
    useTurtleStore.getState().setUser(person('grace'));
    expect(client.getQueryData(['account'])).toBeUndefined();
    stop();
  });
});
