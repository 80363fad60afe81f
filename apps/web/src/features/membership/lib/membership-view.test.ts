import { describe, expect, it } from 'vitest';
import { formatExpiry, hasLapsed, isoDate, isUpgradable, subscriptionLabel } from './membership-view';

const NOW = Date.UTC(2026, 0, 15, 12);
const free = { plan: 0, subscription: 3, expireAt: -1 } as const;
const pro = (expireAt: number, subscription: 1 | 2 | 3 = 1) => ({ plan: 1, subscription, expireAt }) as const;

describe('isUpgradable (rules.md: Free, or Pro whose expireAt has passed)', () => {
  it('is true for Free', () => expect(isUpgradable(free, NOW)).toBe(true));
  it('is false for Pro until it expires', () => {
    expect(isUpgradable(pro(NOW + 1), NOW)).toBe(false);
    expect(isUpgradable(pro(NOW), NOW)).toBe(true);
    expect(isUpgradable(pro(NOW - 86_400_000), NOW)).toBe(true);
  });
  it('is false for lifetime Pro (expireAt -1)', () => expect(isUpgradable(pro(-1, 3), NOW)).toBe(false));
});

describe('hasLapsed', () => {
  it('only for a Pro whose period ended', () => {
    expect(hasLapsed(free, NOW)).toBe(false);
    expect(hasLapsed(pro(NOW + 1), NOW)).toBe(false);
    expect(hasLapsed(pro(NOW - 1), NOW)).toBe(true);
    expect(hasLapsed(pro(-1, 3), NOW)).toBe(false);
  });
});

describe('formatExpiry', () => {
  it('writes the date out in words', () => {
    expect(formatExpiry(Date.UTC(2026, 5, 5, 12), 'UTC')).toBe('June 5, 2026');
    expect(formatExpiry(Date.UTC(2027, 0, 15, 12), 'UTC')).toBe('January 15, 2027');
  });
  it('uses the given time zone', () => {
    expect(formatExpiry(Date.UTC(2026, 5, 5, 23, 30), 'UTC')).toBe('June 5, 2026');
    expect(formatExpiry(Date.UTC(2026, 5, 5, 23, 30), 'Asia/Tokyo')).toBe('June 6, 2026');
  });
  it('shows nothing for -1 (lifetime, or no date)', () => {
    expect(formatExpiry(-1)).toBeNull();
    expect(formatExpiry(Number.NaN)).toBeNull();
  });
  it('gives the machine-readable date too', () => expect(isoDate(Date.UTC(2026, 5, 5, 12))).toBe('2026-06-05'));
});

describe('subscriptionLabel', () => {
  it('names the three subscriptions', () => {
    expect(subscriptionLabel(1)).toBe('Monthly');
    expect(subscriptionLabel(2)).toBe('Yearly');
    expect(subscriptionLabel(3)).toBe('Lifetime');
  });
});
