import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { LocalSlots, type LocalSlotQuota } from './local-slots';
import type { SlotRecord } from './reply-quota';

/** A day's count in memory, and the slot records it would write; `failing` makes the next take fail as a read would. */
function memoryQuota() {
  const state = { used: 0, failing: false, records: new Map<string, SlotRecord>() };
  const quota: LocalSlotQuota = {
    takeWithSlot: async (record, limit) => {
      if (state.failing) throw new Error('the count could not be read');
      if (state.used >= limit) return undefined;
      state.records.set(record.userId, record);
      return (state.used += 1);
    },
    endSlot: (userId) => void state.records.delete(userId),
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
    expect(await slots.take(claim)).toMatchObject({ slot: undefined, refused: 'busy', retryAfterSeconds: 5 });
    expect(state.used).toBe(1);
    await first.slot!.release();
    expect(await slots.hasLive('u1')).toBe(false);
  });

  it("records the slot with the reply's count, for a stateless reply too, and ends the record once, at release", async () => {
    const { quota, state } = memoryQuota();
    const slots = new LocalSlots({} as Db, quota);
    const kept = await slots.take({ ...claim, messageId: 'm1' }, 1_000);
    expect(state.records.get('u1')).toEqual({
      userId: 'u1',
      owner: 'here',
      messageId: 'm1',
      day: '2026-11-24',
      takenAt: 1_000,
    });
    await kept.slot!.release();
    expect(state.records.size).toBe(0);
    const stateless = await slots.take(claim, 2_000);
    expect(state.records.get('u1')).toMatchObject({ messageId: undefined, day: '2026-11-24' });
    await kept.slot!.release();
    expect(state.records.has('u1')).toBe(true);
    await stateless.slot!.release();
    expect(state.records.size).toBe(0);
  });

  it('keeps no slot and records nothing when the day is used up, or when the count cannot be read', async () => {
    const { quota, state } = memoryQuota();
    const slots = new LocalSlots({} as Db, quota);
    state.used = 2;
    expect(await slots.take(claim)).toEqual({ slot: undefined, refused: 'limit' });
    expect(await slots.hasLive('u1')).toBe(false);
    state.used = 0;
    state.failing = true;
    await expect(slots.take(claim)).rejects.toThrow('the count could not be read');
    expect(await slots.hasLive('u1')).toBe(false);
    expect(state.records.size).toBe(0);
  });
});
