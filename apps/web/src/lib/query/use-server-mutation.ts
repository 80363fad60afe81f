import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { ApiError } from '../api-client';
import { errorMessage } from '../error-message';
import { queryClient } from './query-client';

/**
 * A check a screen makes before it writes (a field out of range, a deck not named): thrown inside the write, its
 * message is shown where the server's would be, and nothing is sent.
 */
export function refuseInput(message: string): never {
  throw new ApiError(400, { code: 'validation', message });
}

export interface ServerMutationOptions<Input, Output> {
  /** The reads this write changes (`queryKeys`), read again once it succeeds; a function when they depend on it. */
  invalidates?: readonly QueryKey[] | ((output: Output, input: Input) => readonly QueryKey[]);
  /** The text a failure shows when it is not the server's own message (see `errorMessage`). */
  fallback?: string;
  /** Called with a failure (an alert, a log line); the failure is also kept in `error` and `failure`. */
  onError?: (error: unknown, input: Input) => void;
  /**
   * A run while another is under way replaces it instead of being ignored: only the newest one's answer and failure
   * count (a preview asked again because the options changed).
   */
  latest?: true;
}

export interface ServerMutation<Input, Output> {
  /**
   * Runs the write and answers its result, or `undefined` when it failed (the failure is then in `error`). A run
   * while another is under way is ignored (a double click), and answers `undefined`, unless the mutation is `latest`.
   */
  run: (input: Input) => Promise<Output | undefined>;
  /** The last run's answer, once it succeeded (a preview to show). */
  data: Output | undefined;
  /** From the run's start until its write, and whatever it awaits after, has settled. */
  busy: boolean;
  /** The last run's failure as the person reads it (the server's message); null before, during and after success. */
  error: string | null;
  /** The last run's failure itself (an `ApiError` with its code), for screens that read more than the message. */
  failure: unknown;
  /** The last run succeeded (and nothing was reset since): a screen that leaves after a write stays busy. */
  done: boolean;
  /** Forgets the last failure. */
  reset: () => void;
}

/**
 * Decision 025: every write goes through TanStack Query on the app's one client, as every read does. `write` calls
 * the server (`api.call` through a feature's API module) and may go on with what follows it (a toast, a
 * navigation): the mutation stays busy until it returns. The reads it changes are read again after it, without
 * waiting for them, so the screen frees its buttons as soon as the write is done.
 */
export function useServerMutation<Input = void, Output = unknown>(
  write: (input: Input) => Promise<Output>,
  options: ServerMutationOptions<Input, Output> = {},
): ServerMutation<Input, Output> {
  const { invalidates, fallback, onError, latest } = options;
  const mutation = useMutation(
    {
      mutationFn: write,
      onSuccess: (output: Output, input: Input) => {
        const keys = typeof invalidates === 'function' ? invalidates(output, input) : (invalidates ?? []);
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      },
      onError: (error: Error, input: Input) => onError?.(error, input),
    },
    queryClient,
  );
  const running = useRef(false);
  const { mutateAsync, reset, error } = mutation;
  // Worked out once a failure: `errorMessage` logs what is not the server's answer.
  const message = useMemo(() => (error ? errorMessage(error, fallback) : null), [error, fallback]);
  const run = useCallback(
    async (input: Input) => {
      if (running.current && !latest) return undefined;
      running.current = true;
      try {
        return await mutateAsync(input);
      } catch {
        return undefined;
      } finally {
        running.current = false;
      }
    },
    [mutateAsync, latest],
  );
  return {
    run,
    data: mutation.data,
    busy: mutation.isPending,
    error: message,
    failure: error,
    done: mutation.isSuccess,
    reset,
  };
}
