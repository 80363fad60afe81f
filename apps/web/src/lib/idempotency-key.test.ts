import { describe, expect, it } from 'vitest';
import { attemptFor, newIdempotencyKey } from './idempotency-key';

const same = (a: { text: string }, b: { text: string }) => a.text === b.text;

describe('newIdempotencyKey', () => {
  it('is 32 hex characters, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('attemptFor', () => {
  it('keeps the key when the same thing is tried again (a retry)', () => {
    const first = attemptFor(undefined, { text: 'a' }, same);
    expect(attemptFor(first, { text: 'a' }, same)).toBe(first);
  });

  it('takes a new key once the thing to create changed', () => {
    const first = attemptFor(undefined, { text: 'a' }, same);
    const second = attemptFor(first, { text: 'b' }, same);
    expect(second.key).not.toBe(first.key);
    expect(second.payload).toEqual({ text: 'b' });
  });
});
