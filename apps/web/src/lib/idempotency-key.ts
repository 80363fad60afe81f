/**
 * A key for one create (decision 017): random, 128 bits. `crypto.getRandomValues`, not `randomUUID`, which
 * browsers offer only on https and localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A key tied to what it creates: trying the same thing again reuses it, anything else gets a new one. */
export interface CreateAttempt<T> {
  key: string;
  payload: T;
}

/** The attempt to send now: `previous` again when `payload` is the same, else a new key for it. */
export function attemptFor<T>(previous: CreateAttempt<T> | undefined, payload: T, same: (a: T, b: T) => boolean) {
  return previous && same(previous.payload, payload) ? previous : { key: newIdempotencyKey(), payload };
}
