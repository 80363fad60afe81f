import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@turtle/shared/constants';
import { formatLastAccess } from './relative-time';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => formatLastAccess(NOW - ms, NOW);

describe('formatLastAccess', () => {
  it('says "Just now" under one minute', () => {
    expect(ago(0)).toBe('Just now');
    expect(ago(MINUTE_MS - 1)).toBe('Just now');
  });

  it('counts a time ahead of the device clock as just now', () => {
    expect(ago(-5 * MINUTE_MS)).toBe('Just now');
  });

  it('says "Nm ago" from one minute to under 60 minutes', () => {
    expect(ago(MINUTE_MS)).toBe('1m ago');
    expect(ago(2 * MINUTE_MS - 1)).toBe('1m ago');
    expect(ago(59 * MINUTE_MS)).toBe('59m ago');
    expect(ago(60 * MINUTE_MS - 1)).toBe('59m ago');
  });

  it('says "Nh ago" from 60 minutes to under 24 hours', () => {
    expect(ago(60 * MINUTE_MS)).toBe('1h ago');
    expect(ago(HOUR_MS + 59 * MINUTE_MS)).toBe('1h ago');
    expect(ago(24 * HOUR_MS - 1)).toBe('23h ago');
  });

  it('says "Nd ago" from 24 hours to under 7 days', () => {
    expect(ago(24 * HOUR_MS)).toBe('1d ago');
    expect(ago(2 * DAY_MS - 1)).toBe('1d ago');
    expect(ago(7 * DAY_MS - 1)).toBe('6d ago');
  });

  it('shows the local date from 7 days on', () => {
    expect(ago(7 * DAY_MS)).toBe(new Date(NOW - 7 * DAY_MS).toLocaleDateString());
    expect(ago(400 * DAY_MS)).toBe(new Date(NOW - 400 * DAY_MS).toLocaleDateString());
  });
});
