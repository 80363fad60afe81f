import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { Plan, Subscription } from '@turtle/shared/plans';
import { ApiError } from '../api-client';
import { EMPTY_USER, useTurtleStore } from '../turtle-store';
import { useUserStatus } from '../user-status-store';
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

  it('reads what is on screen again when the network comes back, and fails at once offline instead of waiting', async () => {
    const client = createQueryClient();
    client.mount();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['notes'],
      queryFn: () => {
        calls += 1;
        return Promise.resolve(calls);
      },
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    onlineManager.setOnline(false);
    const offline = client.fetchQuery({
      queryKey: ['offline read'],
      queryFn: () => Promise.reject(new ApiError(0, { code: 'network', message: 'Cannot reach Turtle.' })),
      retry: false,
    });
    await expect(offline).rejects.toBeInstanceOf(ApiError);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(2));
    stop();
    client.unmount();
  });
});

describe('forgetOnUserChange', () => {
  const person = (id: string) => ({ ...EMPTY_USER, id, name: id });

  it('forgets every read when the person signs out or someone else signs in, not when their own status refreshes', () => {
    useUserStatus.setState({ known: true });
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

  it('keeps what was read before the start-up status answered: those reads carried the session it names', () => {
    useUserStatus.setState({ known: false });
    useTurtleStore.setState({ user: EMPTY_USER });
    const client = createQueryClient();
    const stop = forgetOnUserChange(client);
    client.setQueryData(['chat', 'conversations'], ['Ada’s chat']);
    useTurtleStore.getState().setUser(person('ada'));
    useUserStatus.setState({ known: true });
    expect(client.getQueryData(['chat', 'conversations'])).toEqual(['Ada’s chat']);

    useTurtleStore.getState().setUser(person('grace'));
    expect(client.getQueryData(['chat', 'conversations'])).toBeUndefined();
    stop();
  });

  it('after a change of plan, forgets the reads no screen shows and reads again the ones on screen', async () => {
    const ada = person('ada');
    useTurtleStore.setState({ user: ada });
    const client = createQueryClient();
    const stop = forgetOnUserChange(client);
    client.setQueryData(['cards', 'decks'], 'Free allowance');
    let usageReads = 0;
    const onScreen = new QueryObserver(client, {
      queryKey: ['chat', 'usage'],
      queryFn: () => {
        usageReads += 1;
        return `usage read ${usageReads}`;
      },
    });
    const unsubscribe = onScreen.subscribe(() => undefined);
    await vi.waitFor(() => expect(client.getQueryData(['chat', 'usage'])).toBe('usage read 1'));

    // The same plan stored again (the membership page's refresh) keeps everything.
    useTurtleStore.getState().setUser({ ...ada, membership: { ...ada.membership } });
    expect(client.getQueryData(['cards', 'decks'])).toBe('Free allowance');
    expect(usageReads).toBe(1);

    const pro = { plan: Plan.PRO, subscription: Subscription.MONTHLY, expireAt: Date.now() + 30 * 86_400_000 };
    useTurtleStore.getState().setUser({ ...ada, membership: pro });
    expect(client.getQueryData(['cards', 'decks'])).toBeUndefined();
    await vi.waitFor(() => expect(client.getQueryData(['chat', 'usage'])).toBe('usage read 2'));

    // A renewal moves the expiry: the membership changed, so the reads go too.
    client.setQueryData(['cards', 'decks'], 'Pro allowance');
    useTurtleStore.getState().setUser({ ...ada, membership: { ...pro, expireAt: pro.expireAt - 1000 } });
    expect(client.getQueryData(['cards', 'decks'])).toBeUndefined();
    unsubscribe();
    stop();
  });
});
