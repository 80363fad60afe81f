// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { queryClient } from './query-client';
import { refuseInput, useServerMutation } from './use-server-mutation';

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
};

describe('useServerMutation', () => {
  it('is busy while the write runs, answers its result, and reads again what it invalidates', async () => {
    const write = deferred<string>();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() =>
      useServerMutation((name: string) => write.promise.then((saved) => `${saved} ${name}`), {
        invalidates: [['cards', 'decks'], ['notes']],
      }),
    );
    expect(result.current.busy).toBe(false);
    let answer: Promise<string | undefined> | undefined;
    act(() => void (answer = result.current.run('Latin')));
    await waitFor(() => expect(result.current.busy).toBe(true));
    await act(async () => write.resolve('saved'));
    expect(await answer).toBe('saved Latin');
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.error).toBeNull();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['cards', 'decks'], ['notes']]);
    invalidate.mockRestore();
  });

  it('keeps a failure as the server’s message, answers undefined, and invalidates nothing', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onError = vi.fn();
    const failure = new ApiError(409, { code: 'conflict', message: 'You already have a deck with that name.' });
    const { result } = renderHook(() =>
      useServerMutation<void, never>(() => Promise.reject(failure), { invalidates: [['cards', 'decks']], onError }),
    );
    let answer: unknown = 'not yet';
    await act(async () => void (answer = await result.current.run()));
    expect(answer).toBeUndefined();
    await waitFor(() => expect(result.current.error).toBe('You already have a deck with that name.'));
    expect(result.current.failure).toBe(failure);
    expect(onError).toHaveBeenCalledWith(failure, undefined);
    expect(invalidate).not.toHaveBeenCalled();
    act(() => result.current.reset());
    await waitFor(() => expect(result.current.error).toBeNull());
    invalidate.mockRestore();
  });

  it('a failure that is not the server’s shows the fallback; a refused input shows its own message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = renderHook(() =>
      useServerMutation(() => Promise.reject(new TypeError('bug')), { fallback: 'The plan could not be changed.' }),
    );
    await act(async () => void (await broken.result.current.run()));
    await waitFor(() => expect(broken.result.current.error).toBe('The plan could not be changed.'));

    const write = vi.fn(() => Promise.resolve('sent'));
    const refused = renderHook(() =>
      useServerMutation(async (value: number) =>
        value > 1 ? refuseInput('Desired retention is at most 1.') : write(),
      ),
    );
    await act(async () => void (await refused.result.current.run(2)));
    await waitFor(() => expect(refused.result.current.error).toBe('Desired retention is at most 1.'));
    expect(write).not.toHaveBeenCalled();
    vi.mocked(console.error).mockRestore();
  });

  it('ignores a second run while one is under way (a double click), and a new run clears the last failure', async () => {
    const first = deferred<number>();
    const write = vi
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockRejectedValueOnce(new ApiError(500, { code: 'x', message: 'Down.' }));
    const { result } = renderHook(() => useServerMutation(() => write() as Promise<number>));
    let runs: Promise<number | undefined>[] = [];
    act(() => void (runs = [result.current.run(), result.current.run()]));
    await act(async () => first.resolve(1));
    expect(await Promise.all(runs)).toEqual([1, undefined]);
    expect(write).toHaveBeenCalledOnce();
    await act(async () => void (await result.current.run()));
    await waitFor(() => expect(result.current.error).toBe('Down.'));
    write.mockResolvedValueOnce(2);
    await act(async () => void (await result.current.run()));
    await waitFor(() => expect(result.current.error).toBeNull());
  });

  it('latest: a run while another is under way replaces it, and only the newest answer is kept', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const write = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result } = renderHook(() =>
      useServerMutation((_file: string) => write() as Promise<string>, { latest: true }),
    );
    act(() => {
      void result.current.run('old.csv');
      void result.current.run('new.csv');
    });
    await waitFor(() => expect(write).toHaveBeenCalledTimes(2));
    await act(async () => second.resolve('new preview'));
    await act(async () => first.resolve('old preview'));
    await waitFor(() => expect(result.current.data).toBe('new preview'));
    expect(result.current.busy).toBe(false);
  });

  it('done after a success until reset, so a screen that leaves after its write stays busy', async () => {
    const { result } = renderHook(() => useServerMutation(() => Promise.resolve('https://checkout.example')));
    expect(result.current.done).toBe(false);
    await act(async () => void (await result.current.run()));
    await waitFor(() => expect(result.current.done).toBe(true));
    expect(result.current.data).toBe('https://checkout.example');
    act(() => result.current.reset());
    await waitFor(() => expect(result.current.done).toBe(false));
    expect(result.current.data).toBeUndefined();
  });
});
