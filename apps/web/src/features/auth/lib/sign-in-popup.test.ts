import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_MESSAGE_TYPE } from '@turtle/shared/auth';
import { newSignInNonce, waitForSignIn, type PopupHandle } from './sign-in-popup';

const ORIGIN = 'https://turtle.test';
const NONCE = 'n'.repeat(32);
const GOOD = { type: SIGN_IN_MESSAGE_TYPE, nonce: NONCE, name: 'Ada', email: 'ada@turtle.test', ticket: 't1' };

class FakePopup implements PopupHandle {
  closed = false;
  close() {
    this.closed = true;
  }
}

let target: EventTarget;
let popup: FakePopup;

/** What `window.postMessage` from some window would deliver to the opener. */
function deliver(
  data: unknown,
  { origin = ORIGIN, source = popup as unknown }: { origin?: string; source?: unknown } = {},
) {
  target.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
}

function start(signal?: AbortSignal) {
  let settled = false;
  const result = waitForSignIn({ target, origin: ORIGIN, popup, nonce: NONCE, signal, pollMs: 100, graceMs: 500 });
  void result.then(() => (settled = true));
  return { result, settled: () => settled };
}

beforeEach(() => {
  vi.useFakeTimers();
  target = new EventTarget();
  popup = new FakePopup();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('waitForSignIn', () => {
  it('resolves with the message our popup posts from our origin with our nonce', async () => {
    const { result } = start();
    deliver(GOOD);
    await expect(result).resolves.toEqual(GOOD);
  });

  it.each([
    ['another origin', () => deliver(GOOD, { origin: 'https://evil.test' })],
    ['another window', () => deliver(GOOD, { source: new FakePopup() })],
    ['no window at all', () => deliver(GOOD, { source: null })],
    ['another sign-in (wrong nonce)', () => deliver({ ...GOOD, nonce: 'x'.repeat(32) })],
    ['another kind of message (wrong type)', () => deliver({ ...GOOD, type: 'something-else' })],
    ['a message without a ticket', () => deliver({ ...GOOD, ticket: undefined })],
    ['a string', () => deliver(JSON.stringify(GOOD))],
  ])('ignores a message from %s and keeps waiting for the right one', async (_what, send) => {
    const { result, settled } = start();
    send();
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled()).toBe(false);
    deliver(GOOD);
    await expect(result).resolves.toEqual(GOOD);
  });

  it('resolves with null 500 ms after the popup closes without a result', async () => {
    const { result, settled } = start();
    await vi.advanceTimersByTimeAsync(1000);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(100 + 499);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBeNull();
  });

  it('still takes a message that arrives just after the popup closed', async () => {
    const { result } = start();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(300);
    deliver(GOOD);
    await expect(result).resolves.toEqual(GOOD);
  });

  it('resolves with null when aborted, and stops listening', async () => {
    const controller = new AbortController();
    const { result } = start(controller.signal);
    controller.abort();
    await expect(result).resolves.toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves with null at once when already aborted', async () => {
    await expect(start(AbortSignal.abort()).result).resolves.toBeNull();
  });

  it('leaves no timer behind once it has its result', async () => {
    const { result } = start();
    deliver(GOOD);
    await result;
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('newSignInNonce', () => {
  it('is what the start route accepts, and new every time', () => {
    const nonce = newSignInNonce();
    expect(nonce).toMatch(/^[\w-]{16,128}$/);
    expect(newSignInNonce()).not.toBe(nonce);
  });
});
