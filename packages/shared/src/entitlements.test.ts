import { describe, expect, it } from 'vitest';
import { effectivePlan, ENTITLEMENTS } from './entitlements';

describe('effectivePlan', () => {
  const now = 1_000_000;
  it('is Free for Free members', () => expect(effectivePlan({ plan: 0, expireAt: -1 }, now)).toBe(0));
  it('is Pro until expireAt, then Free', () => {
    expect(effectivePlan({ plan: 1, expireAt: now + 1 }, now)).toBe(1);
    expect(effectivePlan({ plan: 1, expireAt: now }, now)).toBe(0);
  });
  it('treats expireAt -1 as never expiring', () => expect(effectivePlan({ plan: 1, expireAt: -1 }, now)).toBe(1));
  it('gives Pro more replies a day than Free, and unlimited cards', () => {
    expect(ENTITLEMENTS[1].dailyReplies).toBeGreaterThan(ENTITLEMENTS[0].dailyReplies);
    expect(ENTITLEMENTS[0].maxCards).toBe(100);
    expect(ENTITLEMENTS[1].maxCards).toBeNull();
  });
});
