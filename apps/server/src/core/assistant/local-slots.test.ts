import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { LocalSlots } from './local-slots';
import type { ReplyQuota } from './reply-quota';

/** A day's count in memory; `failing` makes the next take fail as a database read would. */
function memoryQuota() {
  const state = { used: 0, failing: false };
  const quota: ReplyQuota = {
    take: async (_userId, _day, limit) => {
      if (state.failing) throw new Error('the count could not be read');
      if (state.used >= limit) return undefined;
      return (state.used += 1);
    },
    refund: async () => void (state.used = Math.max(0, state.used - 1)),
    used: async () => state.used,
    flush: async () => undefined,
  };
  return { quota, state };
}

const claim = { userId: 'u1', owner: 'here', day: '2026-11-24', replyLimit: 2 };

describe('LocalSlots', () => {
  it('takes the slot and counts the reply together, and refuses a second stream as busy', async () => {
    const { quota, state } = memoryQuota();
    const slots = new LocalSlots({} as Db, quota);
    const first = await slots.take(claim);
    expect(first.slot).toBeDefined();
    expect(state.used).toBe(1);
    expect(await slots.take(claim)).toMatchObject({ slot: undefined, refused: 'busy' });
    expect(state.used).toBe(1);
    await first.slot!.release();
    expect(await slots.hasLive('u1')).toBe(false);
  });

  it('keeps no slot when the day is used up, or when the count cannot be read', async () => {
    const { quota, state } = memoryQuota();
    const slots = new LocalSlots({} as Db, quota);
    state.used = 2;
    expect(await slots.take(claim)).toEqual({ slot: undefined, refused: 'limit' });
    expect(await slots.hasLive('u1')).toBe(false);
    state.used = 0;
    state.failing = true;
    await expect(slots.take(claim)).rejects.toThrow('the count could not be read');
    expect(await slots.hasLive('u1')).toBe(false);
  });
});
