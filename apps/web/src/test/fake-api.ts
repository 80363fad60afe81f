import { beforeEach, vi, type Mock } from 'vitest';
import type { Endpoint, ResponseOf } from '@turtle/shared/endpoints/endpoint';
import { api, type CallInput } from '../lib/api-client';

/** One endpoint of the fake server: a mock answering what `api.call(entry, input)` would. */
export type FakeEndpoint<E extends Endpoint> = Mock<(input: CallInput<E>) => Promise<ResponseOf<E>>>;

export interface FakeApi {
  /** The fake of one entry of the endpoint table (docs/api.md "The endpoint table"): give it answers, read its calls. */
  of<E extends Endpoint>(endpoint: E): FakeEndpoint<E>;
  /** Headers the next `api.callWithHeaders` answers beside its body (a notice the server sends in a header). */
  answerHeaders(headers: Record<string, string>): void;
}

/**
 * The server, faked where the web app reaches it: every `api.call` and `api.callWithHeaders` of the test file is
 * answered by the fake of its endpoint entry, so a test fakes endpoints, not the API modules of a feature. An entry
 * that was given no answer rejects, naming itself. Each fake is reset before every test (its answers and its calls),
 * as is what `answerHeaders` set.
 */
export function fakeApi(): FakeApi {
  const fakes = new Map<Endpoint, Mock>();
  let headers: Record<string, string> = {};
  const unanswered = (endpoint: Endpoint) => () =>
    Promise.reject(new Error(`The fake API has no answer for ${endpoint.method} ${endpoint.path}.`));
  const of = <E extends Endpoint>(endpoint: E): FakeEndpoint<E> => {
    let fake = fakes.get(endpoint);
    if (!fake) {
      fake = vi.fn(unanswered(endpoint));
      fakes.set(endpoint, fake);
    }
    return fake as FakeEndpoint<E>;
  };
  const answer = (endpoint: Endpoint, input: unknown) => of(endpoint)((input ?? {}) as CallInput<Endpoint>);
  // Spied again before every test, so a test file that restores its mocks after each test keeps the fake.
  beforeEach(() => {
    vi.spyOn(api, 'call').mockImplementation(answer as typeof api.call);
    vi.spyOn(api, 'callWithHeaders').mockImplementation((async (endpoint: Endpoint, input: unknown) => {
      const data = await answer(endpoint, input);
      return { data, headers: new Headers(headers) };
    }) as typeof api.callWithHeaders);
    for (const [endpoint, fake] of fakes) fake.mockReset().mockImplementation(unanswered(endpoint));
    headers = {};
  });
  return { of, answerHeaders: (next) => void (headers = next) };
}
