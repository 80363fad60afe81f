import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './database-slots';

describe('Retry-After for a slot held in the database', () => {
  const held = { heartbeatAt: 100_000 };

  it('while the heartbeat is on time: until the next one is overdue, when the answer may change', () => {
    expect(retryAfterSeconds(held, 100_000)).toBe(6);
    expect(retryAfterSeconds(held, 100_100)).toBe(6);
    expect(retryAfterSeconds(held, 104_500)).toBe(2);
    expect(retryAfterSeconds(held, 105_999)).toBe(1);
  });

  it('once the heartbeat is overdue: until the slot is stale and may be taken, never less', () => {
    expect(retryAfterSeconds(held, 106_000)).toBe(24);
    expect(retryAfterSeconds(held, 112_300)).toBe(18);
    expect(retryAfterSeconds(held, 129_999)).toBe(1);
    expect(retryAfterSeconds(held, 130_000)).toBe(1);
  });
});
